/** Rounds are read back as their outcomes (a recall, a table's history, a shoe's rounds): the queries live apart from what writes them. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { OUTCOME_PREFIX, outcomeKey } from '../kernel/keys';
import { toRecord } from '../kernel/items';
import type { OutcomeRecord } from './outcome-records';
import { queryAll } from '../betting/bets';

/** The table's outcome `sequence`, if it is recorded. */
export async function getOutcome(db: Db, tableId: string, sequence: number): Promise<OutcomeRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: outcomeKey(tableId, sequence), ConsistentRead: true }));
  return Item ? toRecord<OutcomeRecord>(Item) : undefined;
}

/**
 * A page of a table's outcomes of one kind, newest first, from below `belowSequence`: up to
 * `limit`, and whether there are more. Outcomes of other kinds (voided rounds among rolls) are
 * skipped, never counted against the page, so a page is short only at the table's first outcome.
 */
export async function outcomesPage(
  db: Db,
  tableId: string,
  kind: OutcomeRecord['kind'],
  { belowSequence, limit }: { readonly belowSequence?: number; readonly limit: number },
): Promise<{ outcomes: OutcomeRecord[]; hasMore: boolean }> {
  if (belowSequence !== undefined && belowSequence <= 1) return { outcomes: [], hasMore: false };
  const { pk } = outcomeKey(tableId, 0);
  const last = belowSequence === undefined ? `${OUTCOME_PREFIX}\uffff` : outcomeKey(tableId, belowSequence - 1).sk;
  const outcomes: OutcomeRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        FilterExpression: '#kind = :kind',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':pk': pk, ':first': OUTCOME_PREFIX, ':last': last, ':kind': kind },
        ScanIndexForward: false,
        // One more than the page, to tell whether there are more.
        Limit: limit + 1 - outcomes.length,
        ExclusiveStartKey: start,
      }),
    );
    outcomes.push(...(page.Items ?? []).map((item) => toRecord<OutcomeRecord>(item)));
    start = page.LastEvaluatedKey;
  } while (start && outcomes.length <= limit);
  return { outcomes: outcomes.slice(0, limit), hasMore: outcomes.length > limit };
}

/** Every outcome of one kind from `fromSequence` on, oldest first (a baccarat shoe's rounds: some eighty). */
export function outcomesFrom<O extends OutcomeRecord>(db: Db, tableId: string, kind: O['kind'], fromSequence: number): Promise<O[]> {
  const { pk, sk } = outcomeKey(tableId, Math.max(1, fromSequence));
  return queryAll<O>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    FilterExpression: '#kind = :kind',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: { ':pk': pk, ':first': sk, ':last': `${OUTCOME_PREFIX}\uffff`, ':kind': kind },
    ConsistentRead: true,
  });
}
