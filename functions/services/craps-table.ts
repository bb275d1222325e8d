import type { CrapsBet, CrapsTableState } from '../rules/craps';
import type { BetRecord } from '../store/records';

/**
 * The bets on a craps table's layout, as the craps rules see them. Only craps bets are ever
 * placed at a craps table (the rules' validateBet refuses any other type), so the narrowing is
 * checked where the bets come in, not here.
 */
export const asCrapsBets = (bets: readonly BetRecord[]): readonly CrapsBet[] => bets as readonly CrapsBet[];

/**
 * An odds bet, once validated, records the number it works on (art. 5.2(2), (4)-(6)): the table's
 * point for Pass and Don't Pass odds, its come bet's number for Come and Don't Come odds, so that
 * the layout shows it and its settlement never needs the base bet.
 */
export function withOddsNumber(state: CrapsTableState, bet: BetRecord, layout: readonly CrapsBet[]): BetRecord {
  switch (bet.type) {
    case 'PASS_ODDS':
    case 'DONT_PASS_ODDS':
      return { ...bet, number: state.point };
    case 'COME_ODDS':
    case 'DONT_COME_ODDS':
      return { ...bet, number: layout.find((open) => open.id === bet.baseBetId)?.number ?? null };
    default:
      return bet;
  }
}
