/** The events the page subscribes to, as the generated types give them, and what the log says of each. */
import type {
  TablePageBetFragment,
  TablePageLiveFragment,
  TablePageMyEventsSubscription,
  TablePageTableEventsSubscription,
} from '../generated/graphql';
import { betTypeName, winnerName } from './bet-names';
import { formatMoney } from './money';
import { t } from './i18n/language';

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
  if (!result.winner) return t('result.none');
  const marks = [
    result.natural && t('result.natural'),
    result.playerPair && t('result.playerPair'),
    result.bankerPair && t('result.bankerPair'),
  ].filter(Boolean);
  const winner = result.winner === 'TIE' ? t('result.tie') : t('result.wins', { winner: winnerName(result.winner) });
  return marks.length ? t('result.withMarks', { winner, marks: marks.join(', ') }) : winner;
}

export function tableEventEntry(event: TableEvent, playerId: string): LogEntry {
  const at = event.serverTime;
  const { table } = event;
  switch (event.kind) {
    case 'BETTING_OPENED':
      return { at, tone: 'table', text: t(event.bettingClosesAt ? 'event.bettingOpenClock' : 'event.bettingOpen') };
    case 'BETTING_CLOSED':
      return { at, tone: 'table', text: t('event.bettingClosed') };
    case 'OUTCOME_RECORDED': {
      const round = { game: table.game, sequence: event.sequence ?? '' };
      if (!event.result) return { at, tone: 'table', text: t('event.voided', round) };
      const result = resultText(event.result);
      const point = table.__typename === 'CrapsTable' ? table.point : null;
      return {
        at,
        tone: 'table',
        text: point ? t('event.outcomePoint', { ...round, result, point }) : t('event.outcome', { ...round, result }),
      };
    }
    case 'ROUND_SETTLED':
      return { at, tone: 'table', text: t('event.paid', { sequence: event.sequence ?? '' }) };
    case 'SHOE_CHANGED':
      return { at, tone: 'table', text: t('event.newShoe') };
    case 'SHOOTER_CHANGED': {
      const shooter = table.__typename === 'CrapsTable' ? table.shooter : null;
      return { at, tone: 'table', text: t(shooter === playerId ? 'event.diceToYou' : shooter ? 'event.diceToOther' : 'event.noShooter') };
    }
    case 'DEALING_PAUSED':
      return { at, tone: 'table', text: t('event.paused') };
    case 'DEALING_RESUMED':
      return { at, tone: 'table', text: t('event.resumed') };
    case 'TABLE_CLOSED':
      return { at, tone: 'table', text: t('event.tableClosed') };
  }
}

export function playerEventEntry(event: PlayerEvent, at: string, currency: string): LogEntry | undefined {
  if (event.kind === 'BALANCE_CHANGED') {
    return event.account
      ? { at, tone: 'money', text: t('event.balance', { amount: formatMoney(event.account.balance, event.account.currency) }) }
      : undefined;
  }
  if (event.kind === 'PLAY_RESTRICTED') {
    return { at, tone: 'error', text: t('event.restricted') };
  }
  if (event.kind === 'REALITY_CHECK') {
    return event.realityCheck
      ? { at, tone: 'money', text: t('event.realityCheck', { summary: realityCheckText(event.realityCheck, at, currency) }) }
      : undefined;
  }
  if (event.kind === 'WALLET_BALANCE_CHANGED') {
    return event.wallet
      ? { at, tone: 'money', text: t('event.wallet', { amount: formatMoney(event.wallet.balance, event.wallet.currency) }) }
      : undefined;
  }
  if (!event.bet) return undefined;
  const bet = event.bet;
  const name = t('event.betName', { bet: betTypeName(bet.type), amount: formatMoney(bet.amount, currency) });
  switch (event.kind) {
    case 'BET_PLACED':
      return { at, tone: 'bet', text: t('event.betPlaced', { bet: name }) };
    case 'BET_CHANGED':
      return {
        at,
        tone: 'bet',
        text: bet.number ? t('event.betMoved', { bet: name, number: bet.number }) : t('event.betChanged', { bet: name }),
      };
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
        text: t('event.betWon', { bet: name, winnings: formatMoney(bet.winnings, currency), paid: formatMoney(bet.returned, currency) }),
      };
    case 'LOST':
      return { at, tone: 'loss', text: t('event.betLost', { bet: name }) };
    case 'PUSHED':
      return { at, tone: 'bet', text: t('event.betPushed', { bet: name }) };
    case 'VOIDED':
      return { at, tone: 'bet', text: t('event.betVoided', { bet: name }) };
    case 'TAKEN_DOWN':
      return { at, tone: 'bet', text: t('event.betTakenDown', { bet: name }) };
    case 'OPEN':
      return { at, tone: 'bet', text: t('event.betOpen', { bet: name }) };
  }
}

export type RealityCheck = NonNullable<PlayerEvent['realityCheck']>;

/** "you have played 30 min, staked 5.00 MOP and are down 5.00 MOP". */
export function realityCheckText(check: RealityCheck, at: string, currency: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(at) - Date.parse(check.sessionStartedAt)) / 60_000));
  const played =
    minutes >= 60 ? t('duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }) : t('duration.minutes', { minutes });
  return t('realityCheck.summary', {
    played,
    staked: formatMoney(check.staked, currency),
    net: check.net >= 0 ? 'up' : 'down',
    amount: formatMoney(Math.abs(check.net), currency),
  });
}

/** A sentence's first letter up. */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
