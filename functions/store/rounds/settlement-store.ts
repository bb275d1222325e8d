import type { Db } from '../kernel/db';
import type { BetRecord } from '../betting/bet-records';
import type { OutcomeRecord } from './outcome-records';
import type { PlannedSettlement } from './planned-settlement';
import type { JournalRecord } from '../money/ledger';
import { recordJournal } from '../money/ledger';
import { creditAccount, releaseExposure } from '../money/transaction-actions';
import { roundListingOf } from '../wallet/wallet-rounds';
import { putWalletCall, rollBackConfirmedDebit, type StoredWalletCall, type WalletCallRecord } from '../wallet/wallet-calls';
import type { TransactAction } from '../kernel/transact-action';
import { getBetsTogether } from '../betting/bets';
import { countOutDecided } from '../betting/gates';
import {
  claimSettlementPart,
  completeSettlementPart,
  getSettlingMarker,
  releaseSettlementPart,
  upgradeSettlingMarker,
  type SettlementClaim,
} from './settling-marker';
import { decideBet, markBetStays, moveBet, plannedDecision } from './bet-decisions';
import { getOutcome } from './outcomes';
import { readPlan } from './plan-chunks';
import { finishSettlement } from './settlement-finish';
import { transact } from '../kernel/transact';
import { isRetryable } from '../kernel/transaction-cancellation';

/** A unit of a settlement as the job hands it over (services/rounds/settlement-units.ts): its own record of the fields the store writes. */
interface Unit {
  readonly playerId: string;
  readonly entries: readonly PlannedSettlement[];
  readonly credit: number;
  readonly journal: JournalRecord | undefined;
  readonly released: number;
  /** Seamless bets' unit: paid by a credit to the partner's wallet (written here, sent by the wallet workers), with the rollbacks of voided debits. */
  readonly wallet?: { readonly credit?: WalletCallRecord; readonly rollbacks: readonly StoredWalletCall[] };
}

export type BatchResult = 'APPLIED' | 'RACED' | 'CONDITION_FAILED';

/** Sends one transaction of a settlement: RACED and CONDITION_FAILED changed nothing. */
export async function commitSettlementBatch(db: Db, actions: readonly TransactAction[]): Promise<BatchResult> {
  try {
    return (await transact(db, { units: actions })).written ? 'APPLIED' : 'CONDITION_FAILED';
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    throw error;
  }
}

/** DynamoDB's side of the settlement job's port (services/rounds/settlement-store.ts). */
export function dynamoSettlementStore(db: Db) {
  return {
    async job(tableId: string) {
      const marker = await getSettlingMarker(db, tableId);
      if (!marker) return undefined;
      // A job recorded before parts is one part, whose leases it is given before it is claimed.
      if (marker.parts === undefined) await upgradeSettlingMarker(db, tableId, marker.sequence);
      return { sequence: marker.sequence, parts: marker.parts ?? 1, done: marker.done ?? new Set<number>() };
    },
    claim: (tableId: string, sequence: number, part: number, owner: string, nowMs: number, untilMs: number): Promise<SettlementClaim> =>
      claimSettlementPart(db, tableId, sequence, part, owner, nowMs, untilMs),
    release: (tableId: string, sequence: number, part: number, owner: string) => releaseSettlementPart(db, tableId, sequence, part, owner),
    complete: (tableId: string, sequence: number, part: number, owner: string) =>
      completeSettlementPart(db, tableId, sequence, part, owner),
    outcome: (tableId: string, sequence: number) => getOutcome(db, tableId, sequence),
    plan: (outcome: OutcomeRecord) => readPlan(db, outcome),
    countOutDecided: (tableId: string, shard: number, sequence: number, decided: number) =>
      countOutDecided(db, tableId, shard, sequence, decided),
    commit: (units: readonly Unit[], sequence: number, settledAt: string): Promise<BatchResult> =>
      commitSettlementBatch(
        db,
        units.flatMap((unit) => unitActions(db, unit, sequence, settledAt)),
      ),
    betsTogether: (ids: readonly string[]): Promise<BetRecord[]> => getBetsTogether(db, ids),
    finish: (tableId: string, sequence: number, settledAt: string) => finishSettlement(db, tableId, sequence, settledAt),
  };
}

/**
 * What a unit writes: each bet decided in place (or moved), then its player's credit and journal,
 * or the release of their reserves alone; for seamless bets, the journal and the wallet calls.
 */
export function unitActions(db: Db, unit: Unit, sequence: number, settledAt: string): TransactAction[] {
  const actions = unit.entries.map((entry) =>
    entry.resolution.outcome === 'MOVED'
      ? moveBet(db, entry.betId, entry.resolution.number, sequence)
      : entry.resolution.outcome === 'STAYS'
        ? markBetStays(db, entry.betId, sequence)
        : decideBet(db, plannedDecision(entry, sequence, settledAt)),
  );
  if (unit.wallet) {
    // The player's money is in their partner's wallet: the journal and the calls that pay it there, no account of ours.
    if (unit.journal) actions.push(recordJournal(db, unit.journal));
    if (unit.wallet.credit) actions.push(putWalletCall(db, unit.wallet.credit));
    // Version 2: a credit that does not end the round is listed in it, for the closing credit to wait for.
    const listing = unit.wallet.credit && roundListingOf(db, unit.wallet.credit, { whileOpen: false });
    if (listing) actions.push(listing);
    for (const rollback of unit.wallet.rollbacks) actions.push(rollBackConfirmedDebit(db, rollback, settledAt));
  } else if (unit.journal) {
    actions.push(creditAccount(db, unit.playerId, unit.credit, unit.journal, { released: unit.released }), recordJournal(db, unit.journal));
  } else if (unit.released > 0) actions.push(releaseExposure(db, unit.playerId, unit.released));
  return actions;
}
