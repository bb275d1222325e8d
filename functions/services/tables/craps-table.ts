import type { CrapsBet } from '../../rules/craps';
import type { BetRecord } from '../../store/kernel/records';

/**
 * The bets on a craps table's layout, as the craps rules see them. Only craps bets are ever
 * placed at a craps table (the rules' validateBet refuses any other type), so the narrowing is
 * checked where the bets come in, not here.
 */
export const asCrapsBets = (bets: readonly BetRecord[]): readonly CrapsBet[] => bets as readonly CrapsBet[];
