import { parseRoundId } from '../../store/kernel/keys';
import { getOutcome } from '../../store/rounds/outcomes';
import { callOf, getWalletCalls, type WalletCallRecord } from '../../store/wallet/wallet-calls';
import { closeWalletRound, getWalletRound } from '../../store/wallet/wallet-rounds';
import type { ServiceDependencies } from '../kernel/services';

/** Calls not yet done with: a debit in flight, a rollback or a credit being delivered. */
const UNDELIVERED = new Set(['SENT', 'ROLLING_BACK', 'DUE']);

/**
 * Whether a version 2 round's closing credit may be sent now (docs/WALLET.md, "Rounds"): once no
 * call of the round can follow it. Then the round is closed (wallet-rounds.ts), and a debit or a
 * take-down of it is refused from then on.
 * - The round's settlement is finished: a jackpot prize, paid at its end, is written by then.
 * - Every other call of the player's round is done: a debit confirmed, refused or rolled back; a
 *   take-down's, an earlier unit's or a prize's credit confirmed (or set aside for operators).
 * - Nothing was listed in the round since it was read (closing is conditional on it).
 */
export async function roundMayClose(deps: ServiceDependencies, closing: WalletCallRecord): Promise<boolean> {
  const roundId = callOf(closing).roundId;
  const round = parseRoundId(roundId);
  const outcome = round && (await getOutcome(deps.db, round.tableId, round.sequence));
  if (outcome && !outcome.settledAt) return false;
  const listed = await getWalletRound(deps.db, closing.playerId, roundId);
  if (listed?.closedBy === closing.transactionId) return true;

  const others = [...(listed?.calls ?? [])].filter((transactionId) => transactionId !== closing.transactionId);
  if ((await getWalletCalls(deps.db, others)).some((call) => UNDELIVERED.has(call.state))) return false;
  return closeWalletRound(deps.db, {
    playerId: closing.playerId,
    roundId,
    closing: closing.transactionId,
    seen: listed?.version,
    at: deps.now(),
  });
}
