/**
 * An export of a table made here, in the layout AWS's DYNAMODB_JSON export writes
 * (export-format.ts): manifest-summary.json, manifest-files.json and one data/<name>.json.gz. For
 * DynamoDB Local, which has no export of its own: the local drill, and its test, restore from it
 * exactly as from a stage's export copied out of S3.
 * The table is read by a scan, which is not a point in time as AWS's export is: export a table
 * nothing is writing to (a stage's own is exported by AWS, never by this).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Item } from './dynamodb-json';
import { exportLine, exportManifests } from './export-format';

export interface MadeExport {
  readonly table: string;
  readonly dir: string;
  readonly exportTime: string;
  readonly items: number;
}

export async function exportTable(client: DynamoDBClient, table: string, dir: string, exportTime: Date): Promise<MadeExport> {
  if (await stat(join(dir, 'manifest-summary.json')).catch(() => undefined)) throw new Error(`${dir} already holds an export`);
  await mkdir(join(dir, 'data'), { recursive: true });
  const dataFile = `${randomUUID()}.json.gz`;
  let items = 0;
  async function* lines() {
    for await (const item of scanTable(client, table)) {
      items++;
      yield `${exportLine(item)}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(join(dir, 'data', dataFile)));
  const manifests = exportManifests({
    tableName: table,
    exportId: `${exportTime.getTime()}-${randomUUID().slice(0, 8)}`,
    exportTime: exportTime.toISOString(),
    endTime: new Date().toISOString(),
    dataFile,
    itemCount: items,
  });
  await writeFile(join(dir, 'manifest-files.json'), manifests.files);
  // The summary last: a folder with one holds a whole export.
  await writeFile(join(dir, 'manifest-summary.json'), manifests.summary);
  return { table, dir, exportTime: exportTime.toISOString(), items };
}

/** Every item of the table, as the low-level client reads it (numbers as their strings: nothing rounded). */
async function* scanTable(client: DynamoDBClient, table: string): AsyncGenerator<Item> {
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey }));
    yield* page.Items ?? [];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
