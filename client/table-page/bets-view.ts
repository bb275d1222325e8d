/// <reference lib="dom" />
/** The player's own bets at this table: those on the layout, and those decided while the page was open. */
import { betStatusName, betTypeName } from './bet-names';
import { el } from './dom';
import { t } from './i18n/language';
import { formatMoney } from './money';
import type { Bet } from './table-session';

/**
 * The player's bets on the layout; at a craps table each with a button that takes it down
 * (`takeDown`; the rules say which may come down: a contract bet is refused, and the page says why).
 */
export function openBetsList(bets: readonly Bet[], currency: string, takeDown?: (bet: Bet) => void): HTMLElement {
  if (bets.length === 0) return el('p', { class: 'muted' }, t('bets.none'));
  return el(
    'ul',
    { class: 'bets' },
    ...bets.map((bet) =>
      el(
        'li',
        { class: 'bet' },
        betMain(bet, where(bet)),
        el('span', { class: 'bet-amount' }, formatMoney(bet.amount, currency)),
        takeDown && takeDownButton(bet, currency, takeDown),
      ),
    ),
  );
}

function takeDownButton(bet: Bet, currency: string, takeDown: (bet: Bet) => void): HTMLButtonElement {
  const button = el(
    'button',
    {
      type: 'button',
      class: 'take-down',
      'data-bet': bet.id,
      'aria-label': t('bets.takeDownLabel', { bet: betTypeName(bet.type), amount: formatMoney(bet.amount, currency) }),
    },
    t('bets.takeDown'),
  );
  button.addEventListener('click', () => {
    button.disabled = true;
    takeDown(bet);
  });
  return button;
}

export function settledBetsList(bets: readonly Bet[], currency: string): HTMLElement {
  if (bets.length === 0) return el('p', { class: 'muted' }, t('bets.noneSettled'));
  return el(
    'ul',
    { class: 'bets' },
    ...bets.map((bet) =>
      el(
        'li',
        { class: 'bet', 'data-status': bet.status },
        betMain(bet, [formatMoney(bet.amount, currency), ...where(bet)]),
        el('span', { class: 'status-badge', 'data-status': bet.status }, betStatusName(bet.status)),
        el('span', { class: 'bet-amount', 'data-sign': Math.sign(net(bet)) }, netText(bet, currency)),
      ),
    ),
  );
}

function betMain(bet: Bet, details: readonly string[]): HTMLElement {
  return el(
    'span',
    { class: 'bet-main' },
    el('span', { class: 'bet-name' }, betTypeName(bet.type)),
    details.length ? el('span', { class: 'bet-sub' }, details.join(' · ')) : null,
  );
}

/** Where the bet lies: its number (a come bet moved, an odds bet), its seat. */
function where(bet: Bet): string[] {
  return [bet.number ? t('bets.onNumber', { number: bet.number }) : null, bet.seat ? t('bets.seat', { seat: bet.seat }) : null].filter(
    (part): part is string => part !== null,
  );
}

/** What the bet came to for the player: its winnings, its stake lost, or nothing (the stake back). */
function net(bet: Bet): number {
  if (bet.status === 'WON') return bet.returned - bet.amount;
  if (bet.status === 'LOST') return -bet.amount;
  return 0;
}

function netText(bet: Bet, currency: string): string {
  const amount = net(bet);
  if (amount === 0) return 'stake back';
  return `${amount > 0 ? '+' : ''}${formatMoney(amount, currency)}`;
}
