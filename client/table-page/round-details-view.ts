/**
 * A round's details page (`/rounds/<roundId>?player=…&sig=…`): what a round-details link opens,
 * without signing in (docs/LAUNCH.md, "Round details"). It reads the signed details
 * (GET /rounds/v1/<roundId> with the same query) and shows the outcome, the player's bets and
 * what they were paid, and at a table the server deals the seed committed to and its reveal.
 */
import type { BaccaratWinner, BetType } from '../generated/graphql';
import type { RoundDetails as AnsweredDetails } from '../../functions/services/rounds/round-details';
import { betTypeName, winnerName } from './bet-names';
import { el, fill } from './dom';
import { formatMoney } from './money';
import { t } from './i18n/language';

/** The details as the API answers them (GET /rounds/v1/…), a bet's type as the schema names it. */
type RoundDetails = Omit<AnsweredDetails, 'bets'> & {
  readonly bets: readonly (AnsweredDetails['bets'][number] & { readonly type: BetType })[];
};

export async function showRoundDetails(root: HTMLElement): Promise<void> {
  const round = window.location.pathname.slice('/rounds/'.length);
  const response = await fetch(`/rounds/v1/${round}${window.location.search}`, { cache: 'no-store' });
  root.removeAttribute('aria-busy');
  if (!response.ok) {
    fill(root, el('section', { class: 'notice', role: 'alert' }, el('h1', {}, t('round.none')), el('p', {}, t('round.noneText'))));
    return;
  }
  const details = (await response.json()) as RoundDetails;
  const money = (minor: number) => formatMoney(minor, details.currency);
  const { outcome, fairness } = details.round;
  fill(
    root,
    el(
      'header',
      { class: 'table-header' },
      el(
        'div',
        { class: 'table-title' },
        el('h1', {}, t('round.title', { sequence: details.round.sequence, table: details.round.tableId })),
      ),
    ),
    el('p', { class: 'round-outcome' }, outcomeText(outcome), ` · ${new Date(details.round.recordedAt).toUTCString()}`),
    el(
      'table',
      { class: 'round-bets' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', {}, t('round.bet')),
          el('th', {}, t('round.stake')),
          el('th', {}, t('round.result')),
          el('th', {}, t('round.paid')),
        ),
      ),
      el(
        'tbody',
        {},
        ...details.bets.map((bet) =>
          el(
            'tr',
            {},
            el('td', {}, betTypeName(bet.type)),
            el('td', {}, money(bet.amount)),
            el('td', {}, bet.outcome),
            el('td', {}, money(bet.returned)),
          ),
        ),
      ),
    ),
    el(
      'p',
      { class: 'round-credited' },
      t('round.credited', { amount: money(details.credited.bets) }),
      details.credited.jackpot > 0 && t('round.jackpotShare', { amount: money(details.credited.jackpot) }),
    ),
    fairness &&
      el(
        'p',
        { class: 'round-fairness' },
        t('round.committed', { commitment: fairness.commitment }),
        fairness.seed ? t('round.revealed', { seed: fairness.seed, salt: fairness.salt ?? '' }) : t('round.notRevealed'),
      ),
  );
}

function outcomeText(outcome: RoundDetails['round']['outcome']): string {
  switch (outcome.kind) {
    case 'ROLL':
      return outcome.dice ? t('round.rolled', { first: outcome.dice[0]!, second: outcome.dice[1]! }) : t('round.voidRoll');
    case 'DEAL':
      return t('round.dealt', {
        winner: winnerName(outcome.winner as BaccaratWinner),
        player: outcome.playerTotal,
        banker: outcome.bankerTotal,
        cards: outcome.cards.join(' '),
      });
    case 'VOID':
      return t('round.voided', { reason: outcome.reason });
  }
}
