import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { LEDGER_CURRENCY_PREFIX, LEDGER_DAY_PREFIX, balanceCheckKey, ledgerCurrencyKey, ledgerDayKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import { batchGet } from '../kernel/batch-get';
import { batchWrite } from '../kernel/batch-write';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * The ledger's daily checks (services/money/ledger-check.ts), as stored: which currencies the
 * ledger holds, each day's check of a currency, and each account's and pool's balance at the end
 * of the last day checked. Amounts are decimal strings: a currency's totals pass 2^53, and a
 * DynamoDB number would be read back as a JavaScript number.
 */

/** A currency the ledger holds: its checks start on its first day. */
export interface LedgerCurrencyRecord {
  readonly currency: string;
  /** The first day (UTC) anything of the currency may have been journalled. */
  readonly firstDay: string;
}

/** A book's totals, as stored (ledger-day.ts, BookTotals). */
export interface StoredBook {
  readonly journals: number;
  readonly total: string;
  readonly players: string;
  readonly pools: string;
  readonly cashierIn: string;
  /** Absent from books stored before seamless wallets. */
  readonly partnerWallets?: string;
  readonly houseResult: string;
  /** By table id; '' is the house's general book. */
  readonly houseByTable: Readonly<Record<string, string>>;
}

export interface StoredDifference {
  readonly kind: 'PLAYER' | 'POOL';
  readonly id: string;
  /** The day it was found on. */
  readonly day: string;
  /** The stored balance as at the day's end; null when the ledger names an account or pool that is not stored. */
  readonly stored: string | null;
  /** What the ledger says it held then. */
  readonly ledger: string;
}

export interface DayCheckRecord {
  readonly currency: string;
  readonly day: string;
  readonly checkedAt: string;
  /** The day's own journals, summed. */
  readonly dayTotals: StoredBook;
  /** The whole book through the day: every day checked, summed. */
  readonly through: StoredBook;
  /** The day's journals that do not balance (at most FINDINGS_KEPT). */
  readonly unbalancedJournals: readonly string[];
  /** Balances found to differ on the day (at most FINDINGS_KEPT). */
  readonly differences: readonly StoredDifference[];
  /** Every day through this one that had a finding (the last FINDINGS_KEPT). */
  readonly inconsistentDays: readonly string[];
}

/** Findings a check keeps at most, of each kind: enough to act on; the full audit lists them all. */
export const FINDINGS_KEPT = 100;

/** An account's or a pool's balance, as the ledger had it at the start and end of the last day checked. */
export interface BalanceCheckRecord {
  readonly kind: 'PLAYER' | 'POOL';
  readonly id: string;
  readonly day: string;
  readonly opening: string;
  readonly closing: string;
}

/** Notes that the ledger holds `currency` from `firstDay` on; a currency noted before keeps its first day. */
export const registerCurrency = (db: Db, currency: string, firstDay: string): Promise<void> =>
  putCurrency(db, { currency, firstDay }, 'attribute_not_exists(pk)');

/** Moves a currency's first day back to `firstDay` (an older ledger's, found by the full audit). */
export const backdateCurrency = (db: Db, currency: string, firstDay: string): Promise<void> =>
  putCurrency(db, { currency, firstDay }, 'attribute_not_exists(pk) OR firstDay > :day', { ':day': firstDay });

/** Writes a currency's record where `condition` holds; where it does not, the record stands as it was. */
async function putCurrency(db: Db, record: LedgerCurrencyRecord, condition: string, values?: Record<string, unknown>): Promise<void> {
  await writtenUnlessConditionFails(
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: toItem(ledgerCurrencyKey(record.currency), record),
        ConditionExpression: condition,
        ...(values ? { ExpressionAttributeValues: values } : {}),
      }),
    ),
  );
}

export async function ledgerCurrencies(db: Db): Promise<LedgerCurrencyRecord[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': ledgerCurrencyKey('').pk, ':prefix': LEDGER_CURRENCY_PREFIX },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => toRecord<LedgerCurrencyRecord>(item));
}

export async function getDayCheck(db: Db, currency: string, day: string): Promise<DayCheckRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: ledgerDayKey(currency, day), ConsistentRead: true }));
  return Item ? toRecord<DayCheckRecord>(Item) : undefined;
}

/** Days' checks, those stored among the asked (in no order). */
export function getDayChecks(db: Db, days: readonly { currency: string; day: string }[]): Promise<DayCheckRecord[]> {
  return batchGet<DayCheckRecord>(
    db,
    days.map(({ currency, day }) => ledgerDayKey(currency, day)),
    { consistent: true },
  );
}

/** The currency's latest day checked, or undefined. */
export async function lastDayCheck(db: Db, currency: string): Promise<DayCheckRecord | undefined> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': ledgerDayKey(currency, '').pk, ':prefix': LEDGER_DAY_PREFIX },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return Items?.[0] ? toRecord<DayCheckRecord>(Items[0]) : undefined;
}

export async function putDayCheck(db: Db, check: DayCheckRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: toItem(ledgerDayKey(check.currency, check.day), check) }));
}

export function getBalanceChecks(db: Db, homes: readonly { kind: 'PLAYER' | 'POOL'; id: string }[]): Promise<BalanceCheckRecord[]> {
  return batchGet<BalanceCheckRecord>(db, homes.map(balanceCheckKey), { consistent: true });
}

export function putBalanceChecks(db: Db, checks: readonly BalanceCheckRecord[]): Promise<void> {
  return batchWrite(
    db,
    checks.map((check) => ({ PutRequest: { Item: toItem(balanceCheckKey(check), check) } })),
  );
}
