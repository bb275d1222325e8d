import { createHash } from 'node:crypto';
import { partnerOfPlayer, roundId } from '../../store/kernel/keys';
import type { BetRecord } from '../../store/betting/bet-records';
import { callOf, type StoredWalletCall, type WalletCallRecord } from '../../store/wallet/wallet-calls';

/**
 * The calls the tables make to a seamless partner's wallet, built from our own records: pure, so
 * that each call's content is stated once (and tested). Every id derives from ours: a debit is
 * `STAKE:<betId>`, its rollback `ROLLBACK:<betId>`, a player's credit for an outcome
 * `PAYOUT:<roundId>:<player>:<part>`, a take-down's `TAKE_DOWN:<betId>`; each call's requestId is
 * its transaction id and operation, so that whatever sends it again (a worker, the sweeper, a
 * redelivered message) sends the same call, byte for byte.
 */

/** The player as the partner knows them: the subject after `<partner>/` (keys.ts, playerIdOf). */
export const subjectOf = (playerId: string): string => playerId.slice(playerId.indexOf('/') + 1);

/** A short stable tag of a player for transaction ids (a subject may be 128 characters, an id at most 128 in all). */
const playerTag = (playerId: string): string => createHash('sha256').update(playerId).digest('base64url').slice(0, 16);

export const debitTransactionId = (betId: string): string => `STAKE:${betId}`;
export const takeDownTransactionId = (betId: string): string => `TAKE_DOWN:${betId}`;
export const payoutTransactionId = (tableId: string, sequence: number, playerId: string, part: number): string =>
  `PAYOUT:${roundId(tableId, sequence)}:${playerTag(playerId)}:${part}`;
export const prizeTransactionId = (tableId: string, sequence: number, playerId: string): string =>
  `PRIZE:${roundId(tableId, sequence)}:${playerTag(playerId)}`;

/** Every call of one movement and operation has one requestId: a retry is the same request. */
const requestIdOf = (transactionId: string, operation: string): string => `${operation}:${transactionId}`.slice(0, 128);

/** The body of a stake's debit. */
function debitCallOf(betId: string, playerId: string, amount: number, currency: string, tableId: string, round: number): StoredWalletCall {
  const transactionId = debitTransactionId(betId);
  return {
    requestId: requestIdOf(transactionId, 'debit'),
    playerId: subjectOf(playerId),
    currency,
    transactionId,
    amount,
    tableId,
    roundId: roundId(tableId, round),
    betIds: [betId],
  };
}

/** The body of a debit's rollback: the debit's, under its own ids, naming the debit. */
const rollbackCallOf = (debit: StoredWalletCall): StoredWalletCall => ({
  ...debit,
  requestId: requestIdOf(debit.transactionId, 'rollback'),
  transactionId: `ROLLBACK:${debit.transactionId.slice('STAKE:'.length)}`,
  rolledBackTransactionId: debit.transactionId,
});

/** The rollback of a confirmed stake of round `round` (a voided round's): the same body as any rollback of that debit. */
export const rollbackOfStake = (betId: string, playerId: string, amount: number, currency: string, tableId: string, round: number) =>
  rollbackCallOf(debitCallOf(betId, playerId, amount, currency, tableId, round));

/** The debit of a bet's stake, in flight from the moment it is written (docs/WALLET.md: sent once, never again). */
export function debitOf(bet: BetRecord, partner: string, currency: string, at: string): WalletCallRecord {
  return {
    transactionId: debitTransactionId(bet.id),
    partner,
    playerId: bet.playerId,
    kind: 'DEBIT',
    operation: 'debit',
    body: JSON.stringify(debitCallOf(bet.id, bet.playerId, bet.amount, currency, bet.tableId, bet.round)),
    amount: bet.amount,
    currency,
    state: 'SENT',
    attempts: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/** The debit, now to be given back: its rollback is due at once, and sent until the wallet answers it. */
export function rollingBack(debit: WalletCallRecord, at: string, problem: string): WalletCallRecord {
  return {
    ...debit,
    operation: 'rollback',
    body: JSON.stringify(rollbackCallOf(callOf(debit))),
    state: 'ROLLING_BACK',
    attempts: 0,
    updatedAt: at,
    dueSince: at,
    nextAttemptAt: at,
    lastProblem: problem,
  };
}

/** A credit (a round's payment, 0 when nothing came back; a take-down; a prize), due at once. */
export function creditOf(
  transactionId: string,
  playerId: string,
  {
    amount,
    currency,
    tableId,
    sequence,
    betIds,
  }: { amount: number; currency: string; tableId: string; sequence: number; betIds: readonly string[] },
  at: string,
): WalletCallRecord {
  return {
    transactionId,
    partner: partnerOfPlayer(playerId)!,
    playerId,
    kind: 'CREDIT',
    operation: 'credit',
    body: JSON.stringify({
      requestId: requestIdOf(transactionId, 'credit'),
      playerId: subjectOf(playerId),
      currency,
      transactionId,
      amount,
      tableId,
      roundId: roundId(tableId, sequence),
      betIds: betIds.slice(0, 100),
    } satisfies StoredWalletCall),
    amount,
    currency,
    state: 'DUE',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    dueSince: at,
    nextAttemptAt: at,
  };
}

/** A call done with (confirmed, refused, given up): it is due no more. */
export const withoutDue = ({ nextAttemptAt: _next, ...call }: WalletCallRecord): WalletCallRecord => call;
