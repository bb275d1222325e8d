import type { BetRecord } from '../../store/betting/bet-records';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';
import { dynamoSettlementStore } from '../../store/rounds/settlement-store';
import type { Db } from '../../store/kernel/db';
import type { SettlementUnit } from './settlement-units';

/**
 * What the settlement job needs of storage, and no more: a port, with DynamoDB's adapter behind it
 * (store/rounds/settlement-store.ts) and an in-memory double for the job's tests
 * (test/support/in-memory-settlement-store.ts), as Powertools' idempotency package keeps its
 * persistence layer. Every write is safe to repeat.
 */
export interface SettlementStore {
  /** The job as it stands: its outcome, its parts, those paid; undefined once finished. */
  job(tableId: string): Promise<{ readonly sequence: number; readonly parts: number; readonly done: ReadonlySet<number> } | undefined>;
  /** Takes or renews the lease on one part of the job for `owner` until `untilMs`; DONE: the part is paid, or the job finished. */
  claim(
    tableId: string,
    sequence: number,
    part: number,
    owner: string,
    nowMs: number,
    untilMs: number,
  ): Promise<'CLAIMED' | 'HELD' | 'DONE'>;
  /** Gives a part's lease up at once, if `owner` holds it. */
  release(tableId: string, sequence: number, part: number, owner: string): Promise<void>;
  /** The part is paid: how many parts are left, or undefined if `owner` no longer held it. */
  complete(tableId: string, sequence: number, part: number, owner: string): Promise<number | undefined>;
  outcome(tableId: string, sequence: number): Promise<OutcomeRecord | undefined>;
  plan(outcome: OutcomeRecord): Promise<PlannedSettlement[]>;
  /** The shard's count of open bets loses the `decided` bets outcome `sequence` decided there, once. */
  countOutDecided(tableId: string, shard: number, sequence: number, decided: number): Promise<void>;
  /**
   * The units together, in one transaction: each bet decided (or moved) only while it is open, each
   * credit and release with its bets. RACED: another transaction held an item; CONDITION_FAILED: a
   * bet was no longer open (an earlier run applied some); either way nothing changed.
   */
  commit(units: readonly SettlementUnit[], sequence: number, settledAt: string): Promise<'APPLIED' | 'RACED' | 'CONDITION_FAILED'>;
  /** The bets, read in one consistent moment (a transactional read). */
  betsTogether(ids: readonly string[]): Promise<BetRecord[]>;
  /** The job is done: the table's mark cleared, the outcome stamped settled, the job ended. */
  finish(tableId: string, sequence: number, settledAt: string): Promise<void>;
}

/** The store the job runs on: DynamoDB's, over the request's client. */
export const settlementStoreOn = (db: Db): SettlementStore => dynamoSettlementStore(db);
