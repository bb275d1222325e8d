/** The events the page subscribes to, as the generated types give them, and what the log says of each. */
import type {
  TablePageBetFragment,
  TablePageLiveFragment,
  TablePageMyEventsSubscription,
  TablePageTableEventsSubscription,
} from '../generated/graphql';
import { betTypeName, winnerName } from './bet-names';
import { formatMoney } from './money';

export type TableEvent = TablePageTableEventsSubscription['tableEvents'];
export type PlayerEvent = TablePageMyEventsSubscription['myEvents'];
export type RecentResult = TablePageLiveFragment['recentResults'][number];

export type Tone = 'table' | 'bet' | 'win' | 'loss' | 'money' | 'error';

export interface LogEntry {
  /** When it happened, by the server's clock. */
  readonly at: string;
  readonly text: string;
  readonly tone: Tone;
}

/** "3 + 4 = 7", or the baccarat round's winner with its naturals and pairs. */
export function resultText(result: RecentResult): string {
  if (result.dice) return `${result.dice.join(' + ')} = ${result.total}`;
  if (!result.winner) return 'no result';
  const marks = [result.natural && 'natural', result.playerPair && 'Player pair', result.bankerPair && 'Banker pair'].filter(Boolean);
  const winner = result.winner === 'TIE' ? 'Tie' : `${winnerName(result.winner)} wins`;
  return marks.length ? `${winner} (${marks.join(', ')})` : winner;
}

export function tableEventEntry(event: TableEvent, playerId: string): LogEntry {
  const at = event.serverTime;
  const { table } = event;
  switch (event.kind) {
    case 'BETTING_OPENED':
      return { at, tone: 'table', text: event.bettingClosesAt ? 'Place your bets: betting is open' : 'Betting is open' };
    case 'BETTING_CLOSED':
      return { at, tone: 'table', text: 'No more bets' };
    case 'OUTCOME_RECORDED': {
      const what = table.game === 'CRAPS' ? 'Roll' : 'Round';
      if (!event.result) return { at, tone: 'table', text: `${what} ${event.sequence} was voided: stakes come back` };
      const point = table.__typename === 'CrapsTable' && table.point ? `, point ${table.point}` : '';
      return { at, tone: 'table', text: `${what} ${event.sequence}: ${resultText(event.result)}${point}` };
    }
    case 'ROUND_SETTLED':
      return { at, tone: 'table', text: `Round ${event.sequence} paid` };
    case 'SHOE_CHANGED':
      return { at, tone: 'table', text: 'A new shoe: the roads start again' };
    case 'SHOOTER_CHANGED': {
      const shooter = table.__typename === 'CrapsTable' ? table.shooter : null;
      const text =
        shooter === playerId ? 'The dice passed to you' : shooter ? 'The dice passed to another player' : 'Nobody holds the dice';
      return { at, tone: 'table', text };
    }
    case 'DEALING_PAUSED':
      return { at, tone: 'table', text: 'The table is paused: no round is dealt until it resumes' };
    case 'DEALING_RESUMED':
      return { at, tone: 'table', text: 'The table runs again' };
    case 'TABLE_CLOSED':
      return { at, tone: 'table', text: 'The table closed' };
  }
}

export function playerEventEntry(event: PlayerEvent, at: string, currency: string): LogEntry | undefined {
  if (event.kind === 'BALANCE_CHANGED') {
    return event.account ? { at, tone: 'money', text: `Balance ${formatMoney(event.account.balance, event.account.currency)}` } : undefined;
  }
  if (event.kind === 'PLAY_RESTRICTED') {
    return { at, tone: 'error', text: 'You may not play now (a time-out, self-exclusion or block): live updates end here.' };
  }
  if (event.kind === 'REALITY_CHECK') {
    return event.realityCheck
      ? { at, tone: 'money', text: `Reality check: ${realityCheckText(event.realityCheck, at, currency)}` }
      : undefined;
  }
  if (event.kind === 'WALLET_BALANCE_CHANGED') {
    return event.wallet ? { at, tone: 'money', text: `Wallet ${formatMoney(event.wallet.balance, event.wallet.currency)}` } : undefined;
  }
  if (!event.bet) return undefined;
  const bet = event.bet;
  const name = `${betTypeName(bet.type)} ${formatMoney(bet.amount, currency)}`;
  switch (event.kind) {
    case 'BET_PLACED':
      return { at, tone: 'bet', text: `Your bet: ${name}` };
    case 'BET_CHANGED':
      return { at, tone: 'bet', text: bet.number ? `Your ${name} moved to ${bet.number}` : `Your ${name} changed` };
    case 'BET_SETTLED':
      return settledEntry(bet, name, at, currency);
  }
}

function settledEntry(bet: TablePageBetFragment, name: string, at: string, currency: string): LogEntry {
  switch (bet.status) {
    case 'WON':
      return {
        at,
        tone: 'win',
        text: `Your ${name} won ${formatMoney(bet.winnings, currency)} (${formatMoney(bet.returned, currency)} paid)`,
      };
    case 'LOST':
      return { at, tone: 'loss', text: `Your ${name} lost` };
    case 'PUSHED':
      return { at, tone: 'bet', text: `Your ${name} pushed: the stake came back` };
    case 'VOIDED':
      return { at, tone: 'bet', text: `Your ${name} was voided: the stake came back` };
    case 'TAKEN_DOWN':
      return { at, tone: 'bet', text: `Your ${name} was taken down` };
    case 'OPEN':
      return { at, tone: 'bet', text: `Your ${name} is open` };
  }
}

export type RealityCheck = NonNullable<PlayerEvent['realityCheck']>;

/** "you have played 30 min, staked 5.00 MOP and are down 5.00 MOP". */
export function realityCheckText(check: RealityCheck, at: string, currency: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(at) - Date.parse(check.sessionStartedAt)) / 60_000));
  const played = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  const result = check.net >= 0 ? `up ${formatMoney(check.net, currency)}` : `down ${formatMoney(-check.net, currency)}`;
  return `you have played ${played}, staked ${formatMoney(check.staked, currency)} and are ${result}`;
}

/** A sentence's first letter up. */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
