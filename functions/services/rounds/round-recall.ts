import { parseRoundId } from '../../store/kernel/keys';

export { roundId } from '../../store/kernel/keys';
import { getOutcome } from '../../store/rounds/outcomes';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { mayReadPlayer } from '../tables/tenancy';
import { findTable } from '../tables/queries';
import { settlementsOf } from './settle-outcome';
import type { SettledBet } from './settled-bet';

/**
 * A round as it happened, for operators and regulators, years later: the outcome (who recorded
 * it and when, who closed betting before it and when), every bet it decided or moved with the
 * result, what each player was credited for it (the sum of their bets' returns, and any jackpot
 * share), and the jackpot's contributions and prize. Everything is read from what the round
 * itself stored (the outcome and its plan, the bets), so it is the same answer every time. A
 * partner's operator sees the bets and credits of its own players only, at the tables offered to
 * its platform only.
 */
export interface RoundRecall {
  readonly outcome: OutcomeRecord;
  readonly settlements: readonly SettledBet[];
  readonly credits: readonly RoundCredit[];
}

export interface RoundCredit {
  readonly playerId: string;
  /** Returned stakes and winnings of the player's bets this round. */
  readonly bets: number;
  /** The player's share of the round's jackpot prize. */
  readonly jackpot: number;
}

/** A round by its id (`Roll.id`, `Deal.id`, `RoundRecall.id`: `<tableId>.<sequence>`). */
export async function recallRoundById(deps: ServiceDependencies, caller: Caller, id: string): Promise<RoundRecall | undefined> {
  const round = parseRoundId(id);
  if (!round) throw new ServiceError('BAD_USER_INPUT', 'id is not a round id (<tableId>.<sequence>).');
  return recallRound(deps, caller, round.tableId, round.sequence);
}

export async function recallRound(
  deps: ServiceDependencies,
  caller: Caller,
  tableId: string,
  sequence: number,
): Promise<RoundRecall | undefined> {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new ServiceError('BAD_USER_INPUT', 'sequence must be 1 or more.');
  // A round of a table not offered to the caller's partner is, to them, none (tenancy.ts).
  const [outcome, table] = await Promise.all([getOutcome(deps.db, tableId, sequence), findTable(deps, caller, tableId)]);
  if (!outcome || !table) return undefined;
  const settlements = (await settlementsOf(deps, outcome)).filter(({ entry }) => mayReadPlayer(caller, entry.playerId));
  const credits = new Map<string, { bets: number; jackpot: number }>();
  const creditOf = (playerId: string) => credits.get(playerId) ?? credits.set(playerId, { bets: 0, jackpot: 0 }).get(playerId)!;
  const shareBets = new Set(outcome.kind === 'DEAL' ? outcome.jackpot?.shareBets : []);
  for (const { entry } of settlements) {
    if (entry.returned === 0) continue;
    // A jackpot bet's return is its share of the prize, paid by the pool, not the table.
    if (shareBets.has(entry.betId)) creditOf(entry.playerId).jackpot += entry.returned;
    else creditOf(entry.playerId).bets += entry.returned;
  }
  return {
    outcome,
    settlements,
    credits: [...credits].map(([playerId, credit]) => ({ playerId, ...credit })).sort((a, b) => a.playerId.localeCompare(b.playerId)),
  };
}
