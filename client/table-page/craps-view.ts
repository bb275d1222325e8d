/// <reference lib="dom" />
/** A craps table's state: the phase and point (the puck), the shooter, the last roll. */
import type { TablePageLiveFragment } from '../generated/graphql';
import { die } from './dice-view';
import { el } from './dom';
import { formatMoney } from './money';
import { t } from './i18n/language';

export function crapsPanel(table: TablePageLiveFragment, playerId: string): Node[] {
  if (table.__typename !== 'CrapsTable') return [];
  const on = table.phase === 'POINT';
  const [last] = table.recentResults;
  return [
    el(
      'div',
      { class: 'craps-state' },
      el('span', { class: 'puck', 'data-on': on, 'aria-hidden': 'true' }, on ? 'ON' : 'OFF'),
      el(
        'div',
        {},
        el('p', { class: 'phase' }, on ? `Point is ${table.point}` : 'Come-out roll'),
        el('p', { class: 'muted' }, `${table.rollCount} ${table.rollCount === 1 ? 'roll' : 'rolls'} at this table`),
        el('p', { class: 'shooter' }, shooterText(table.shooter, playerId, table)),
      ),
      el(
        'div',
        { class: 'last-roll', 'aria-label': 'Last roll' },
        ...(last?.dice
          ? [
              el('span', { class: 'dice-pair' }, ...last.dice.map((value) => die(value, 'large'))),
              el('span', { class: 'roll-total' }, String(last.total)),
            ]
          : [el('span', { class: 'muted' }, 'No roll yet')]),
      ),
    ),
  ];
}

function shooterText(shooter: string | null, playerId: string, table: TablePageLiveFragment): string {
  if (shooter === playerId) return t('shooter.you');
  if (shooter) return t('shooter.other');
  return t('shooter.none', { minimum: formatMoney(table.minimumBet, table.currency) });
}
