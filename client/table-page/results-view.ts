/// <reference lib="dom" />
/** The table's last results (Table.recentResults, newest first): dice at craps, winners at baccarat. */
import type { TablePageLiveFragment } from '../generated/graphql';
import { winnerName } from './bet-names';
import { die } from './dice-view';
import { el } from './dom';
import { resultText, type RecentResult } from './live-events';
import { t } from './i18n/language';

export function recentResultsList(table: TablePageLiveFragment): HTMLElement {
  if (table.recentResults.length === 0) return el('p', { class: 'muted' }, t('results.none'));
  return el(
    'ol',
    { class: 'results', 'aria-label': t('results.label') },
    ...table.recentResults.map((result) =>
      el('li', { class: 'result', title: `#${result.sequence}: ${resultText(result)}` }, ...resultMarks(result)),
    ),
  );
}

function resultMarks(result: RecentResult): Node[] {
  if (result.dice) {
    return [
      el('span', { class: 'dice-pair' }, ...result.dice.map((value) => die(value))),
      el('span', { class: 'result-total', 'data-seven': result.total === 7 }, String(result.total)),
    ];
  }
  if (!result.winner) return [];
  return [
    el(
      'span',
      { class: 'chip', 'data-winner': result.winner, role: 'img', 'aria-label': resultText(result) },
      winnerName(result.winner).charAt(0),
      result.bankerPair && el('span', { class: 'pair banker-pair', 'aria-hidden': 'true' }),
      result.playerPair && el('span', { class: 'pair player-pair', 'aria-hidden': 'true' }),
    ),
  ];
}
