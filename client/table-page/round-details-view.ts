/**
 * A round's details page (`/rounds/<roundId>?player=…&sig=…`): what a round-details link opens,
 * without signing in (docs/LAUNCH.md, "Round details"). It reads the signed details
 * (GET /rounds/v1/<roundId> with the same query) and shows the outcome, the player's bets and
 * what they were paid, and at a table the server deals the seed committed to and its reveal.
 */
import type { BetType } from '../generated/graphql';
import type { RoundDetails as AnsweredDetails } from '../../functions/services/rounds/round-details';
import { betTypeName } from './bet-names';
import { el, fill } from './dom';
import { formatMoney } from './money';

/** The details as the API answers them (GET /rounds/v1/…), a bet's type as the schema names it. */
type RoundDetails = Omit<AnsweredDetails, 'bets'> & {
  readonly bets: readonly (AnsweredDetails['bets'][number] & { readonly type: BetType })[];
};

export async function showRoundDetails(root: HTMLElement): Promise<void> {
  const round = window.location.pathname.slice('/rounds/'.length);
  const response = await fetch(`/rounds/v1/${round}${window.location.search}`, { cache: 'no-store' });
  root.removeAttribute('aria-busy');
  if (!response.ok) {
    fill(
      root,
      el(
        'section',
        { class: 'notice', role: 'alert' },
        el('h1', {}, 'No such round'),
        el('p', {}, 'This link is not one of ours, or it was changed.'),
      ),
    );
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
      el('div', { class: 'table-title' }, el('h1', {}, `Round ${details.round.sequence} at ${details.round.tableId}`)),
    ),
    el('p', { class: 'round-outcome' }, outcomeText(outcome), ` · ${new Date(details.round.recordedAt).toUTCString()}`),
    el(
      'table',
      { class: 'round-bets' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Bet'), el('th', {}, 'Stake'), el('th', {}, 'Result'), el('th', {}, 'Paid'))),
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
      `Paid for the round: ${money(details.credited.bets)}`,
      details.credited.jackpot > 0 && `, and a jackpot share of ${money(details.credited.jackpot)}`,
    ),
    fairness &&
      el(
        'p',
        { class: 'round-fairness' },
        `Seed committed to before the bets: ${fairness.commitment}. `,
        fairness.seed
          ? `Revealed: seed ${fairness.seed}, salt ${fairness.salt}.`
          : 'Not revealed yet (a shoe reveals its seed at its end).',
      ),
  );
}

function outcomeText(outcome: RoundDetails['round']['outcome']): string {
  switch (outcome.kind) {
    case 'ROLL':
      return outcome.dice ? `Rolled ${outcome.dice.join(' and ')}` : 'No roll (a void roll)';
    case 'DEAL':
      return `${outcome.winner} wins, Player ${outcome.playerTotal} to Banker ${outcome.bankerTotal} (${outcome.cards.join(' ')})`;
    case 'VOID':
      return `Voided: ${outcome.reason}`;
  }
}
