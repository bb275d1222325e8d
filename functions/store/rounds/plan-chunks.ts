/** A round's settlement plan may be megabytes, more than a transaction holds: it is stored on its own, in chunks, before its outcome is recorded. */
import type { Db } from '../kernel/db';
import { batchWrite } from '../kernel/batch-write';
import { parseBetId, planChunkKey, planPk } from '../kernel/keys';
import { toItem } from '../kernel/items';
import type { OutcomeRecord } from './outcome-records';
import type { PlannedSettlement } from './planned-settlement';
import { queryAll } from '../betting/bets';

/** A plan chunk holds at most this much of the plan (as JSON), well inside DynamoDB's 400 KB item. */
const PLAN_CHUNK_BYTES = 350_000;

/** The plan's entries, as stored: the bet's key instead of its id (the table is the chunk's). */
interface StoredEntry {
  readonly betKey: string;
  readonly playerId: string;
  readonly betType?: PlannedSettlement['betType'];
  readonly resolution: PlannedSettlement['resolution'];
  readonly returned: number;
  readonly released?: number;
  readonly seamless?: true;
  readonly rollback?: true;
  readonly closesRound?: true;
}

/** The plan in chunks of at most PLAN_CHUNK_BYTES of JSON each. */
export function planChunks(plan: readonly PlannedSettlement[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const entry of plan) {
    const stored: StoredEntry = {
      betKey: parseBetId(entry.betId)!.betKey,
      playerId: entry.playerId,
      ...(entry.betType ? { betType: entry.betType } : {}),
      resolution: entry.resolution,
      returned: entry.returned,
      // What the entry frees of the player's exposure: a plan read back (by a worker, the sweeper) frees it too.
      ...(entry.released ? { released: entry.released } : {}),
      ...(entry.seamless ? { seamless: true } : {}),
      ...(entry.rollback ? { rollback: true } : {}),
      // A plan read back (every part a worker pays, the sweeper) closes the seamless rounds it closed when recorded.
      ...(entry.closesRound ? { closesRound: true } : {}),
    };
    const json = JSON.stringify(stored);
    const size = Buffer.byteLength(json, 'utf8') + 1;
    if (current.length > 0 && bytes + size > PLAN_CHUNK_BYTES) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(json);
    bytes += size;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/** Writes the plan's chunks under its plan id; read only once an outcome naming that plan is recorded. */
export async function writePlan(db: Db, tableId: string, sequence: number, planId: string, chunks: readonly string[]): Promise<void> {
  const puts = chunks.map((entries, chunk) => ({
    PutRequest: { Item: toItem(planChunkKey(tableId, sequence, planId, chunk), { tableId, sequence, planId, chunk, entries }) },
  }));
  await batchWrite(db, puts);
}

/** An outcome's plan, as recorded with it. */
export async function readPlan(db: Db, outcome: OutcomeRecord): Promise<PlannedSettlement[]> {
  const { tableId, sequence, planned } = outcome;
  const chunks = await queryAll<{ entries: string }>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': planPk(tableId, sequence, planned.planId) },
    ConsistentRead: true,
  });
  if (chunks.length !== planned.chunks)
    throw new Error(`outcome ${sequence} of table ${tableId}: ${chunks.length} of its ${planned.chunks} plan chunks found`);
  return chunks.flatMap((chunk) =>
    (JSON.parse(chunk.entries) as StoredEntry[]).map(({ betKey: key, ...entry }) => ({ betId: `${tableId}.${key}`, ...entry })),
  );
}
