import { formatCard, highestJackpotCombination, parseCard, resolveDeal, assertShoeHolds, type Card } from '../../rules/baccarat';
import { BASIS_POINTS, odds, winnings } from '../../rules/money';
import type { BetRecord } from '../../store/betting/bet-records';
import type { DealRecord, JackpotRound } from '../../store/rounds/outcome-records';
import { planDeal } from './outcome-plans';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { settleOutcome, type OutcomeSubmission, type SettledOutcome } from './settle-outcome';
import type { TableOf } from '../tables/table-access';

export interface SubmitDealRequest {
  readonly tableId: string;
  /** The round's cards in dealt order, as codes: "AS", "10H", "QD"... */
  readonly cards: readonly string[];
  /** The round's expected sequence: a retry of a deal already recorded returns it instead of dealing again. */
  readonly sequence: number;
}

export type DealOutcome = SettledOutcome<DealRecord, 'BACCARAT'>;

/**
 * Records a baccarat round (the cards in dealt order) and settles every bet on the layout through
 * the baccarat rules, jackpot included. A sequence the tableau forbids, or a card the shoe cannot
 * hold any more, is refused before anything is written.
 */
export async function submitDeal(
  deps: ServiceDependencies,
  caller: Caller,
  request: SubmitDealRequest,
  /** Dealt by the server (services/rng/deal-round.ts): what its draw adds. */
  drawn?: OutcomeSubmission<DealRecord, 'BACCARAT'>['drawn'],
): Promise<DealOutcome> {
  if (request.cards.length === 0) throw new ServiceError('BAD_USER_INPUT', "cards must list the round's cards in dealt order.");
  const cards = request.cards.map(parseCard);
  const result = resolveDeal(cards);

  const codes = cards.map(formatCard);
  return settleOutcome(deps, {
    tableId: request.tableId,
    caller,
    games: ['BACCARAT'],
    sequence: request.sequence,
    ...(drawn ? { drawn } : {}),
    isSame: (stored) => stored.kind === 'DEAL' && stored.cards.join(' ') === codes.join(' '),
    decide: (table, openBets, sequence, recordedAt) => {
      if (table.shoeTracking) assertShoeHolds(table.options.decks, table.state.shoe.map(parseCard), cards);
      const jackpot = jackpotRound(table, openBets, cards);
      // A jackpot bet's reserve stays until the round's jackpot pays (or not): its transaction lets it go.
      const paidByJackpot = new Set(jackpot?.shareBets);
      const plan = planDeal(table.options, openBets, result).map((entry) =>
        paidByJackpot.has(entry.betId) ? { ...entry, released: 0 } : entry,
      );
      const outcome: Omit<DealRecord, 'planned'> = {
        kind: 'DEAL',
        tableId: table.id,
        currency: table.currency,
        recordedBy: caller.playerId,
        ...(table.bettingClosedBy ? { bettingClosedBy: table.bettingClosedBy } : {}),
        sequence,
        shoe: table.state.shoeNumber ?? 1,
        shoePosition: (table.state.shoeHands ?? 0) + 1,
        cards: codes,
        winner: result.winner,
        playerTotal: result.player.total,
        bankerTotal: result.banker.total,
        natural: result.natural,
        playerPair: result.player.pair,
        bankerPair: result.banker.pair,
        dragon7: result.dragon7,
        jackpot,
        recordedAt,
      };
      const shoe = table.shoeTracking ? [...table.state.shoe, ...outcome.cards] : table.state.shoe;
      const stateAfter = { ...table.state, roundCount: sequence, shoe, shoeHands: outcome.shoePosition };
      return { outcome, stateAfter, plan, pending: { sequence, kind: 'DEAL', cards: codes } };
    },
  });
}

/**
 * The round's dealings with the pool: each jackpot bet's contribution, and the combination its
 * bets share: each jackpot bet (one per seat) is one share, so a player on two seats holds two.
 */
function jackpotRound(table: TableOf<'BACCARAT'>, openBets: readonly BetRecord[], cards: readonly Card[]): JackpotRound | null {
  const jackpotBets = openBets.filter((bet) => bet.type === 'JACKPOT').sort(byPlacement);
  if (jackpotBets.length === 0 || !table.jackpotPool || !table.options.jackpot) return null;
  const share = odds(table.jackpotPool.contributionBasisPoints, BASIS_POINTS);
  return {
    poolId: table.jackpotPool.poolId,
    contributions: jackpotBets.reduce((sum, bet) => sum + winnings(bet.amount, share), 0),
    combination: highestJackpotCombination(table.options.jackpot.modality, cards),
    bettors: jackpotBets.map((bet) => bet.playerId),
    shareBets: jackpotBets.map((bet) => bet.id),
    reserves: jackpotBets.map((bet) => bet.reserve ?? 0),
    ...(jackpotBets.some((bet) => bet.seamless) ? { seamless: jackpotBets.map((bet) => bet.seamless === true) } : {}),
  };
}

const byPlacement = (a: BetRecord, b: BetRecord): number => a.placedAt.localeCompare(b.placedAt) || a.id.localeCompare(b.id);
