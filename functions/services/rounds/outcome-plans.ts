import type { CrapsTableOptions, CrapsTableState, Roll, SettledRoll } from '../../rules/craps';
import type { BaccaratTableOptions, RoundResult } from '../../rules/baccarat';
import { decideDeal } from '../../rules/baccarat/game';
import { decideRoll } from '../../rules/craps/game';
import type { BetDecision } from '../../rules/game';
import { gameOf } from '../../rules/games';
import type { BetRecord } from '../../store/betting/bet-records';
import type { PendingOutcome, TableRecord } from '../../store/tables/table-records';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';

/**
 * What an outcome does to bets, through each game's rules: the plan the dealer's outcome is
 * recorded with, and the same computation for a player's own bets while that plan is still
 * being paid (so that a bet for the next round is validated against the layout as it will be).
 */

/**
 * Every bet roll `sequence` decides or moves; a bet that stays is not in the plan, unless its stake
 * came from a seamless wallet for this very roll: each player's round there ends with a credit
 * (docs/WALLET.md, "Rounds in craps"), so such a bet is in the plan as STAYS, and it and a come
 * bet of the roll that moves close their player's round.
 */
export function planRoll(
  state: CrapsTableState,
  options: CrapsTableOptions,
  bets: readonly BetRecord[],
  roll: Roll,
  sequence: number,
): { readonly plan: PlannedSettlement[]; readonly settled: SettledRoll } {
  const { decisions, settled } = decideRoll(state, options, bets, roll);
  const closes = (bet: BetRecord) => bet.seamless === true && bet.round === sequence;
  const plan = decisions.map((decision) => {
    const entry = planned(decision);
    return closes(decision.bet) && entry.resolution.outcome === 'MOVED' ? { ...entry, closesRound: true as const } : entry;
  });
  const inPlan = new Set(plan.map((entry) => entry.betId));
  for (const bet of bets) {
    if (!closes(bet) || inPlan.has(bet.id)) continue;
    plan.push({
      betId: bet.id,
      playerId: bet.playerId,
      betType: bet.type,
      resolution: { outcome: 'STAYS' },
      returned: 0,
      released: 0,
      seamless: true,
      closesRound: true,
    });
  }
  return { plan, settled };
}

/** Every bet on the layout: a round decides them all. */
export function planDeal(options: BaccaratTableOptions, bets: readonly BetRecord[], result: RoundResult): PlannedSettlement[] {
  return decideDeal(options, bets, result).map(planned);
}

/** A game's decision on a bet, as the outcome's plan keeps it. */
const planned = ({ bet, resolution, returned }: BetDecision<BetRecord, PlannedSettlement['resolution']>): PlannedSettlement => ({
  betId: bet.id,
  playerId: bet.playerId,
  betType: bet.type,
  resolution,
  returned,
  released: resolution.outcome === 'MOVED' ? 0 : (bet.reserve ?? 0),
  ...(bet.seamless ? { seamless: true } : {}),
});

/**
 * A voided round returns every stake placed for it; bets placed for earlier rounds stay, unless
 * the table is closing (`wholeLayout`): then every bet on the layout comes back.
 */
export function planVoid(bets: readonly BetRecord[], sequence: number, wholeLayout = false): PlannedSettlement[] {
  return bets
    .filter((bet) => wholeLayout || bet.round === sequence)
    .map((bet) => ({
      betId: bet.id,
      playerId: bet.playerId,
      betType: bet.type,
      resolution: { outcome: 'VOID' },
      returned: bet.amount,
      released: bet.reserve ?? 0,
      // A seamless stake of the voided round itself is given back by rolling its debit back (its
      // round's credit was never sent); one of an earlier round is credited (docs/WALLET.md).
      ...(bet.seamless ? { seamless: true, ...(bet.round === sequence ? { rollback: true } : {}) } : {}),
    }));
}

/**
 * `bets` (some of a table's open bets, as stored) as they stand once the table's pending outcome
 * is paid: the ones it decides gone, the ones it moves at their number. Bets placed for a later
 * round, and bets its job already applied, are as stored.
 */
export function afterPendingOutcome(table: TableRecord, bets: readonly BetRecord[]): BetRecord[] {
  const pending = table.settling;
  if (!pending) return [...bets];
  const faced = bets.filter((bet) => bet.round <= pending.sequence && (bet.lastOutcome ?? 0) < pending.sequence);
  const plan = new Map(pendingPlan(table, pending, faced).map((entry) => [entry.betId, entry]));
  return bets.flatMap((bet) => {
    const entry = plan.get(bet.id);
    if (!entry) return [bet];
    if (entry.resolution.outcome !== 'MOVED') return [];
    return [{ ...bet, number: entry.resolution.number, lastOutcome: pending.sequence }];
  });
}

/**
 * Whether `bet` (as afterPendingOutcome leaves it) waits for the table's pending roll to mark it:
 * a seamless bet staked for that roll which the roll leaves on the layout is in its plan (STAYS,
 * planRoll), and its payment marks it beside its player's closing credit. Until then it may not
 * come down, or the payment would find it gone.
 */
export function awaitsStayMark(table: TableRecord, bet: BetRecord): boolean {
  const pending = table.settling;
  return pending?.kind === 'ROLL' && bet.seamless === true && bet.round === pending.sequence && (bet.lastOutcome ?? 0) < pending.sequence;
}

/** The bets the pending outcome decides or moves: the plan it was recorded with, for these bets. */
export function pendingPlan(table: TableRecord, pending: PendingOutcome, bets: readonly BetRecord[]): PlannedSettlement[] {
  if (pending.kind === 'VOID') return planVoid(bets, pending.sequence, pending.wholeLayout);
  const game = gameOf(table.game);
  if (pending.kind !== game.outcomeKind) throw new Error(`table ${table.id} is settling a ${pending.kind} but plays ${table.game}`);
  return game.pendingDecisions(table.options, pending, bets).map(planned);
}
