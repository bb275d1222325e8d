import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { layoutTotalsKey } from '../kernel/keys';
import type { BetType } from './bet-records';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';
import { anyOf } from '../kernel/conditions';

/**
 * What a table display shows of the layout: how many players have bets on it, and per bet type how
 * many bets and how much. Amounts are exact sums (rules/money.ts, moneyTotal): a full layout's may
 * pass 2^53, so the item keeps them as decimal strings.
 */
export interface LayoutTotals {
  readonly players: number;
  readonly bets: number;
  readonly amount: bigint;
  readonly byBetType: readonly { readonly type: BetType; readonly bets: number; readonly amount: bigint }[];
}

type StoredTotals = Omit<LayoutTotals, 'amount' | 'byBetType'> & {
  readonly amount: string;
  readonly byBetType: readonly { readonly type: BetType; readonly bets: number; readonly amount: string }[];
};

const toStored = (totals: LayoutTotals): StoredTotals => ({
  ...totals,
  amount: totals.amount.toString(),
  byBetType: totals.byBetType.map((total) => ({ ...total, amount: total.amount.toString() })),
});

const fromStored = (totals: StoredTotals): LayoutTotals => ({
  ...totals,
  amount: BigInt(totals.amount),
  byBetType: totals.byBetType.map((total) => ({ ...total, amount: BigInt(total.amount) })),
});

/**
 * A table's layout totals as a reader last read them from its 64 shards: one item in the table's
 * partition, so that a lobby page reads one item per table, not 64 shards. No bet writes it (that
 * would be an item every bet of the table touches): a reader that finds it out of date refreshes
 * it, at most once per refresh window per table across all servers (the claim below).
 */
export interface StoredLayoutTotals {
  readonly totals: LayoutTotals;
  /** When the read of the shards began: every bet placed before then is counted. */
  readonly takenAt: string;
  /** The outcomes the table had recorded then: a later outcome makes the totals out of date at once. */
  readonly takenFor: number;
}

/** The totals last stored for the table, if any (one eventually consistent read: they are a view). */
export async function getLayoutTotals(db: Db, tableId: string): Promise<StoredLayoutTotals | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: layoutTotalsKey(tableId) }));
  if (!Item || typeof Item.takenAt !== 'string') return undefined;
  return { totals: fromStored(Item.totals as StoredTotals), takenAt: Item.takenAt, takenFor: Item.takenFor as number };
}

/** Nobody has claimed a refresh of the totals yet. */
const NEVER_CLAIMED = 'attribute_not_exists(claimedAt)';
/** The last claim was made at or before `:staleBefore`: it has lapsed. */
const CLAIM_LAPSED = 'claimedAt <= :staleBefore';
/** The last claim was for an earlier outcome (`:outcomes`: the outcomes recorded so far): it has lapsed too. */
const CLAIM_FOR_EARLIER_OUTCOME = 'claimedFor < :outcomes';

/**
 * Claims the refresh of the table's totals: granted to one reader per window (`staleBefore`: a
 * claim made then or before has lapsed, as totals taken then are out of date) and per outcome (a claim for an earlier outcome has lapsed too).
 * A write, never a read; false when another reader holds the claim.
 */
export async function claimLayoutRefresh(
  db: Db,
  tableId: string,
  claim: { readonly at: string; readonly staleBefore: string; readonly outcomes: number },
): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: layoutTotalsKey(tableId),
        UpdateExpression: 'SET claimedAt = :at, claimedFor = :outcomes',
        ConditionExpression: anyOf(NEVER_CLAIMED, CLAIM_LAPSED, CLAIM_FOR_EARLIER_OUTCOME),
        ExpressionAttributeValues: { ':at': claim.at, ':staleBefore': claim.staleBefore, ':outcomes': claim.outcomes },
      }),
    ),
  );
}

/** Stores freshly read totals, unless totals read later are there already (then they stand). */
export async function putLayoutTotals(db: Db, tableId: string, stored: StoredLayoutTotals): Promise<void> {
  await writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: layoutTotalsKey(tableId),
        UpdateExpression: 'SET totals = :totals, takenAt = :takenAt, takenFor = :takenFor',
        ConditionExpression: 'attribute_not_exists(takenAt) OR takenAt < :takenAt',
        ExpressionAttributeValues: { ':totals': toStored(stored.totals), ':takenAt': stored.takenAt, ':takenFor': stored.takenFor },
      }),
    ),
  );
}
