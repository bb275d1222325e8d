import type { Db } from '../kernel/db';
import { parseBetId, shardOfBetKey } from '../kernel/keys';
import { creditAccount } from '../money/transaction-actions';
import { movePosition } from './positions';
import { releaseBet } from './gates';
import { decideBet } from '../rounds/bet-decisions';
import type { BetRecord } from './bet-records';
import { recordJournal, type JournalRecord } from '../money/ledger';
import { isRetryable } from '../kernel/transaction-cancellation';
import { transact } from '../kernel/transact';
import { roundListingOf } from '../wallet/wallet-rounds';
import { putWalletCall, type WalletCallRecord } from '../wallet/wallet-calls';

export type TakeDownOutcome = 'TAKEN_DOWN' | 'RACED' | 'BETTING_CLOSED' | 'CHANGED';

/**
 * The bet leaves the layout, decided as TAKEN_DOWN in place, and its stake goes back to the
 * player (journalled), while betting is open for `round` and the player's position is as it was read.
 * A seamless bet's stake goes back to the partner's wallet: `walletCredit`, written here, is the
 * call the wallet workers send.
 */
export async function commitTakeDown(
  db: Db,
  takenDown: BetRecord & { readonly settledAt: string },
  round: number,
  positionVersion: number,
  journal: JournalRecord,
  walletCredit?: WalletCallRecord,
): Promise<TakeDownOutcome> {
  const { tableId, betKey } = parseBetId(takenDown.id)!;
  let sent;
  try {
    sent = await transact(db, {
      gate: releaseBet(db, tableId, shardOfBetKey(betKey), round),
      position: movePosition(db, tableId, shardOfBetKey(betKey), takenDown.playerId, positionVersion),
      account: walletCredit
        ? undefined
        : creditAccount(db, takenDown.playerId, takenDown.returned, journal, { released: takenDown.reserve ?? 0 }),
      credit: walletCredit && putWalletCall(db, walletCredit),
      // Version 2: listed in the player's round, which must not be over at the wallet.
      round: walletCredit && roundListingOf(db, walletCredit, { whileOpen: true }),
      bet: decideBet(db, takenDown),
      journal: recordJournal(db, journal),
    });
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    throw error;
  }
  if (sent.written) return 'TAKEN_DOWN';
  if (sent.refused.has('gate') || sent.refused.has('round')) return 'BETTING_CLOSED';
  // The player's bets moved (another of their bets placed or taken down, this one settled): read again.
  if (['position', 'account', 'bet'].some((name) => sent.refused.has(name as 'position'))) return 'CHANGED';
  throw new Error(`taking bet ${takenDown.id} down was refused for ${[...sent.refused].join(', ')}`);
}
