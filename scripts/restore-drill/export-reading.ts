/**
 * An export on disk (export-format.ts), as the drill is given it: `--from-export <path>` names
 * - the export's folder (manifest-summary.json, manifest-files.json, data/), as `aws s3 cp
 *   --recursive s3://<bucket>/<prefix>/AWSDynamoDB/<export id>/ <dir>` copies it;
 * - a folder holding one `AWSDynamoDB/<export id>/` (the bucket's prefix copied whole);
 * - its manifest-summary.json; or one data file alone (no count to check it against).
 * Data files are read as they stream, gzipped (.json.gz, as AWS writes them) or not (.json): a
 * stage's export is far larger than a process's memory should hold.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { Item } from './dynamodb-json';
import { parseExportLine, parseManifestFiles, parseManifestSummary, type ExportSummary } from './export-format';

export interface OpenedExport {
  readonly summary: ExportSummary;
  readonly dataFiles: readonly { readonly path: string; readonly itemCount?: number }[];
}

const DATA_FILE = /\.json(\.gz)?$/;

/** Finds an export's manifests and data files, and refuses, saying why, a path that holds none. */
export async function openExport(path: string): Promise<OpenedExport> {
  const found = await stat(path).catch(() => undefined);
  if (!found) throw new Error(`no export at ${path}`);
  if (found.isFile() && basename(path) !== 'manifest-summary.json') {
    if (!DATA_FILE.test(path))
      throw new Error(`${path} is neither an export's folder, its manifest-summary.json nor a data file (.json, .json.gz)`);
    return { summary: {}, dataFiles: [{ path }] };
  }
  const root = found.isFile() ? dirname(path) : await exportRoot(path);
  const summaryText = await readFile(join(root, 'manifest-summary.json'), 'utf8').catch(() => undefined);
  const summary = summaryText === undefined ? {} : parseManifestSummary(summaryText, join(root, 'manifest-summary.json'));
  const dataFiles = await listDataFiles(root);
  if (dataFiles.length === 0 && summary.itemCount !== 0) throw new Error(`${join(root, 'data')} holds no data file (.json, .json.gz)`);
  return { summary, dataFiles };
}

/** The folder of the export itself: `dir`, or the one `AWSDynamoDB/<export id>/` inside it. */
async function exportRoot(dir: string): Promise<string> {
  const entries = await readdir(dir);
  if (entries.includes('manifest-summary.json') || entries.includes('data')) return dir;
  const exports = entries.includes('AWSDynamoDB')
    ? (await readdir(join(dir, 'AWSDynamoDB'))).map((id) => join(dir, 'AWSDynamoDB', id))
    : [];
  const withSummary = (
    await Promise.all(
      exports.map(async (candidate) => ((await stat(join(candidate, 'manifest-summary.json')).catch(() => undefined)) ? candidate : [])),
    )
  ).flat();
  if (withSummary.length === 1) return withSummary[0]!;
  if (withSummary.length > 1) throw new Error(`${dir} holds ${withSummary.length} exports: name one (${withSummary.join(', ')})`);
  throw new Error(`${dir} holds no export: no manifest-summary.json, data/ folder or AWSDynamoDB/<export id>/`);
}

/** The data files manifest-files.json lists (each must be there), else every data file in data/. */
async function listDataFiles(root: string): Promise<OpenedExport['dataFiles']> {
  const manifest = join(root, 'manifest-files.json');
  const listed = await readFile(manifest, 'utf8').catch(() => undefined);
  if (listed !== undefined) {
    return Promise.all(
      parseManifestFiles(listed, manifest).map(async ({ name, itemCount }) => {
        const path = join(root, 'data', name);
        if (!(await stat(path).catch(() => undefined))) throw new Error(`${path}, listed in ${manifest}, is missing`);
        return { path, ...(itemCount !== undefined ? { itemCount } : {}) };
      }),
    );
  }
  const names = await readdir(join(root, 'data')).catch(() => []);
  return names
    .filter((name) => DATA_FILE.test(name))
    .sort()
    .map((name) => ({ path: join(root, 'data', name) }));
}

/**
 * Every item of the export, file by file, line by line. Refused, naming the file (and line): a
 * line that is not an item, a gzip that does not inflate (its checksum catches a copy cut short),
 * and a file or an export holding other than the count its manifest says.
 */
export async function* exportItems({ summary, dataFiles }: OpenedExport): AsyncGenerator<Item> {
  let total = 0;
  for (const file of dataFiles) {
    let count = 0;
    for await (const [line, number] of lines(file.path)) {
      const item = parseExportLine(line, `${file.path} line ${number}`);
      if (!item) continue;
      count++;
      yield item;
    }
    if (file.itemCount !== undefined && count !== file.itemCount)
      throw new Error(`${file.path} holds ${count} items where manifest-files.json says ${file.itemCount}`);
    total += count;
  }
  if (summary.itemCount !== undefined && total !== summary.itemCount)
    throw new Error(`the export holds ${total} items where manifest-summary.json says ${summary.itemCount}`);
}

/** A file's lines with their numbers (from 1), inflated on the way if it is gzipped. */
async function* lines(path: string): AsyncGenerator<readonly [string, number]> {
  const source = createReadStream(path);
  const input = path.endsWith('.gz') ? source.pipe(createGunzip()) : source;
  // pipe() does not pass a read error on: the inflater would wait for the rest of the file forever.
  if (input !== source) source.once('error', (error) => input.destroy(error));
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  try {
    for await (const chunk of input) {
      const text = pending + decoder.write(chunk as Buffer);
      const split = text.split('\n');
      pending = split.pop()!;
      for (const line of split) yield [line, ++number];
    }
  } catch (error) {
    throw new Error(`${path}: ${path.endsWith('.gz') ? 'not readable gzip' : 'not readable'} (${(error as Error).message})`);
  } finally {
    input.destroy();
    source.destroy();
  }
  const last = pending + decoder.end();
  if (last !== '') yield [last, ++number];
}
