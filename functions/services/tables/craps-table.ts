/** The bets on a craps table's layout, as the craps rules see them (rules/craps/game.ts says why the narrowing holds). */
export { asCrapsBets } from '../../rules/craps/game';
