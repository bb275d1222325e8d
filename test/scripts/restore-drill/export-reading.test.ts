/**
 * An export on disk, as ops copy one out of S3 (or export-writing.ts makes one): its folder, the
 * folder above its AWSDynamoDB/<id>/, its manifest, or one data file; gzipped or not. Whatever is
 * missing, cut short or miscounted is refused, naming the file.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportLine } from '../../../scripts/restore-drill/export-format';
import { exportItems, openExport, type OpenedExport } from '../../../scripts/restore-drill/export-reading';

const item = (n: number) => ({ pk: { S: `ITEM#${n}` }, sk: { S: 'ITEM' }, n: { N: String(n) } });
const lines = (...ns: number[]) => ns.map((n) => `${exportLine(item(n))}\n`).join('');
const summary = (itemCount: number) =>
  JSON.stringify({
    tableArn: 'arn:aws:dynamodb:ap-east-1:123456789012:table/casino-prod-Table',
    exportTime: '2026-12-01T03:00:00.000Z',
    itemCount,
  });
const filesLine = (name: string, itemCount: number) =>
  `${JSON.stringify({ itemCount, dataFileS3Key: `AWSDynamoDB/0123-ab/data/${name}` })}\n`;

async function read(opened: OpenedExport): Promise<number[]> {
  const found: number[] = [];
  for await (const read of exportItems(opened)) found.push(Number(read.n!.N));
  return found.sort((a, b) => a - b);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-reading-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('an export on disk', () => {
  it('is read from its folder: the data files its manifest lists, gzipped, their counts checked', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(join(dir, 'data', 'a.json.gz'), gzipSync(lines(1, 2)));
    await writeFile(join(dir, 'data', 'b.json.gz'), gzipSync(lines(3)));
    await writeFile(join(dir, 'data', 'stray.json.gz'), gzipSync(lines(99))); // not this export's: not listed
    await writeFile(join(dir, 'manifest-files.json'), filesLine('a.json.gz', 2) + filesLine('b.json.gz', 1));
    await writeFile(join(dir, 'manifest-summary.json'), summary(3));
    const opened = await openExport(dir);
    expect(opened.summary).toEqual({
      tableArn: 'arn:aws:dynamodb:ap-east-1:123456789012:table/casino-prod-Table',
      exportTime: '2026-12-01T03:00:00.000Z',
      itemCount: 3,
    });
    expect(await read(opened)).toEqual([1, 2, 3]);
    expect(await read(await openExport(join(dir, 'manifest-summary.json')))).toEqual([1, 2, 3]);
  });

  it('is read uncompressed, every data file in data/ when no manifest lists them', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(join(dir, 'data', 'a.json'), lines(1, 2));
    await writeFile(join(dir, 'data', 'b.json.gz'), gzipSync(lines(3)));
    await writeFile(join(dir, 'data', 'notes.txt'), 'not data');
    expect(await read(await openExport(dir))).toEqual([1, 2, 3]);
    expect(await read(await openExport(join(dir, 'data', 'a.json')))).toEqual([1, 2]);
  });

  it('is found in the folder above its AWSDynamoDB/<export id>/ (a bucket prefix copied whole)', async () => {
    const root = join(dir, 'AWSDynamoDB', '0123-ab');
    await mkdir(join(root, 'data'), { recursive: true });
    await writeFile(join(root, 'data', 'a.json.gz'), gzipSync(lines(1)));
    await writeFile(join(root, 'manifest-summary.json'), summary(1));
    expect(await read(await openExport(dir))).toEqual([1]);
  });

  it.each([
    ['a path that is not there', async () => join(dir, 'nowhere'), 'no export at'],
    ['a folder without an export', async () => dir, 'holds no export'],
    [
      'a listed data file missing',
      async () => {
        await writeFile(join(dir, 'manifest-files.json'), filesLine('a.json.gz', 1));
        await writeFile(join(dir, 'manifest-summary.json'), summary(1));
        return dir;
      },
      'a.json.gz, listed in',
    ],
    [
      'an export with no data file',
      async () => {
        await writeFile(join(dir, 'manifest-summary.json'), summary(4));
        return dir;
      },
      'holds no data file',
    ],
  ])('refuses %s when opened', async (_, make, message) => {
    await expect(openExport(await make())).rejects.toThrow(message);
  });

  it.each([
    ['a garbled line', lines(1) + 'not json\n', 'a.json line 2: not JSON'],
    ['a file cut short', lines(1, 2).slice(0, -10), 'a.json line 2: not JSON'],
  ])('refuses %s when read, naming the file and line', async (_, text, message) => {
    await mkdir(join(dir, 'data'));
    await writeFile(join(dir, 'data', 'a.json'), text);
    await expect(read(await openExport(dir))).rejects.toThrow(message);
  });

  it('refuses a gzip that does not inflate', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(join(dir, 'data', 'a.json.gz'), gzipSync(lines(1, 2, 3)).subarray(0, 30));
    await expect(read(await openExport(dir))).rejects.toThrow('a.json.gz: not readable gzip');
  });

  it('refuses an export holding other than the counts its manifests say', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(join(dir, 'data', 'a.json.gz'), gzipSync(lines(1, 2)));
    await writeFile(join(dir, 'manifest-files.json'), filesLine('a.json.gz', 3));
    await expect(read(await openExport(dir))).rejects.toThrow('a.json.gz holds 2 items where manifest-files.json says 3');
    await writeFile(join(dir, 'manifest-files.json'), filesLine('a.json.gz', 2));
    await writeFile(join(dir, 'manifest-summary.json'), summary(5));
    await expect(read(await openExport(dir))).rejects.toThrow('the export holds 2 items where manifest-summary.json says 5');
  });
});
