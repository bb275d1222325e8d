import { RuleViolation } from '../rule-violation';
import type { CrapsTableOptions } from './options';
import type { CrapsBet, CrapsTableState } from './types';
import { numberParam, textParam } from '../error-params';

/**
 * May the player take this bet back? [interpretation, docs/RULES.md] Pass and Come bets are
 * contract bets once they have a point: they stay until decided. Every other bet, odds
 * included, may be taken down while it is up. A line or come bet carrying odds needs its
 * odds taken down first, so that odds never stand without the bet they are added to.
 */
export function validateTakeDown(state: CrapsTableState, _options: CrapsTableOptions, bet: CrapsBet, openBets: readonly CrapsBet[]): void {
  const open = openBets.find((candidate) => candidate.id === bet.id);
  if (!open || open.playerId !== bet.playerId) {
    throw new RuleViolation('BET_NOT_OPEN', 'That bet is not one of your open bets.');
  }
  if (open.type === 'PASS_LINE' && state.phase === 'POINT') {
    throw new RuleViolation('CONTRACT_BET', 'A Pass Line bet cannot be taken down once the point ({point}) is on.', [
      numberParam('point', state.point!),
    ]);
  }
  if (open.type === 'COME' && open.number != null) {
    throw new RuleViolation('CONTRACT_BET', 'A Come bet cannot be taken down once it has moved to its number ({number}).', [
      numberParam('number', open.number),
    ]);
  }
  // Only the player's own odds hold their bet up: nobody else's bet can name it.
  const odds = openBets.find((candidate) => candidate.baseBetId === open.id && candidate.playerId === open.playerId);
  if (odds) {
    throw new RuleViolation('ODDS_STILL_UP', 'Take down the {betType} on this bet first (bet {betId}).', [
      textParam('betType', odds.type),
      textParam('betId', odds.id),
    ]);
  }
}
