/**
 * The layout of a DynamoDB table export in DYNAMODB_JSON (what `aws dynamodb
 * export-table-to-point-in-time --export-format DYNAMODB_JSON` writes under
 * `AWSDynamoDB/<export id>/`), read and written as text:
 * - `manifest-summary.json`: one JSON object, the export's table (`tableArn`), its point in time
 *   (`exportTime`) and how many items it holds (`itemCount`);
 * - `manifest-files.json`: one JSON object a line, each data file's key (`dataFileS3Key`) and item count;
 * - `data/<name>.json.gz`: one item a line, `{"Item": {...}}` in DynamoDB JSON (dynamodb-json.ts).
 * Every refusal names the file and line it found wrong: an export copied from S3 by hand is
 * the likeliest thing in a drill to be incomplete.
 */
import { tableDefinition } from '../../functions/store/kernel/table-definition';
import { itemFromJson, itemToJson, type Item } from './dynamodb-json';

/** What manifest-summary.json tells of an export (each absent where it does not say). */
export interface ExportSummary {
  /** The moment the export holds the table as of (ISO-8601). */
  readonly exportTime?: string;
  readonly tableArn?: string;
  readonly itemCount?: number;
}

/** A data file manifest-files.json lists: its file name (in the export's data/ folder) and how many items it holds. */
export interface ListedDataFile {
  readonly name: string;
  readonly itemCount?: number;
}

/** The item on one line of a data file; undefined for a blank line. Refused: what is not an item of this table. */
export function parseExportLine(line: string, where: string): Item | undefined {
  if (line.trim() === '') return undefined;
  const json = parseJson(line, where);
  if (typeof json !== 'object' || json === null || !('Item' in json)) throw new Error(`${where}: a line of a data file is {"Item": {...}}`);
  const item = itemFromJson(json.Item, where);
  // Without its keys, the item could not be written to the copy: say so here, not as DynamoDB's ValidationException.
  for (const key of [tableDefinition.partitionKey, tableDefinition.sortKey]) {
    if (item[key.name]?.[key.type] === undefined) throw new Error(`${where}: the item has no key ${key.name} (of type ${key.type})`);
  }
  return item;
}

/** A data file's line for an item: what an export writes. */
export const exportLine = (item: Item): string => JSON.stringify({ Item: itemToJson(item) });

export function parseManifestSummary(text: string, where: string): ExportSummary {
  const json = parseJson(text, where);
  if (typeof json !== 'object' || json === null) throw new Error(`${where}: a manifest summary is a JSON object`);
  const summary = json as Record<string, unknown>;
  // An ION export is another text format; an incremental one holds changes over a window, not a table.
  if (summary.outputFormat !== undefined && summary.outputFormat !== 'DYNAMODB_JSON')
    throw new Error(
      `${where}: the export is ${String(summary.outputFormat)}; the drill reads exports made with --export-format DYNAMODB_JSON`,
    );
  if (summary.exportType !== undefined && summary.exportType !== 'FULL_EXPORT')
    throw new Error(`${where}: the export is ${String(summary.exportType)}; the drill restores a full export (FULL_EXPORT)`);
  const itemCount = summary.itemCount;
  if (itemCount !== undefined && !(typeof itemCount === 'number' && Number.isSafeInteger(itemCount) && itemCount >= 0))
    throw new Error(`${where}: itemCount is not a count of items`);
  return {
    ...(typeof summary.exportTime === 'string' ? { exportTime: summary.exportTime } : {}),
    ...(typeof summary.tableArn === 'string' ? { tableArn: summary.tableArn } : {}),
    ...(itemCount !== undefined ? { itemCount } : {}),
  };
}

export function parseManifestFiles(text: string, where: string): ListedDataFile[] {
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    const json = parseJson(line, `${where} line ${i + 1}`) as { dataFileS3Key?: unknown; itemCount?: unknown } | null;
    if (typeof json?.dataFileS3Key !== 'string') throw new Error(`${where} line ${i + 1}: a listed data file has a dataFileS3Key`);
    // The key names the file in the bucket; a copy of the export keeps the files in its own data/ folder.
    const name = json.dataFileS3Key.slice(json.dataFileS3Key.lastIndexOf('/') + 1);
    return [{ name, ...(typeof json.itemCount === 'number' ? { itemCount: json.itemCount } : {}) }];
  });
}

/** The table an export is of, by name, from its ARN (`arn:aws:dynamodb:<region>:<account>:table/<name>`). */
export function tableNameOfArn(arn: string): string | undefined {
  return /:table\/([^/]+)$/.exec(arn)?.[1];
}

/** The manifests an export made from a table here writes, as AWS writes them (fields nothing reads here left out: checksums, the bucket). */
export function exportManifests({
  tableName,
  exportId,
  exportTime,
  endTime,
  dataFile,
  itemCount,
}: {
  readonly tableName: string;
  readonly exportId: string;
  readonly exportTime: string;
  readonly endTime: string;
  readonly dataFile: string;
  readonly itemCount: number;
}): { readonly summary: string; readonly files: string } {
  const tableArn = `arn:aws:dynamodb:local:000000000000:table/${tableName}`;
  const prefix = `AWSDynamoDB/${exportId}`;
  const summary = {
    version: '2020-06-30',
    exportArn: `${tableArn}/export/${exportId}`,
    startTime: exportTime,
    endTime,
    tableArn,
    exportTime,
    manifestFilesS3Key: `${prefix}/manifest-files.json`,
    itemCount,
    outputFormat: 'DYNAMODB_JSON',
    exportType: 'FULL_EXPORT',
  };
  return {
    summary: `${JSON.stringify(summary, null, 2)}\n`,
    files: `${JSON.stringify({ itemCount, dataFileS3Key: `${prefix}/data/${dataFile}` })}\n`,
  };
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${where}: not JSON (${text.length > 40 ? `${text.slice(0, 40)}...` : text})`);
  }
}
