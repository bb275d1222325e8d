/// <reference lib="dom" />
/**
 * What a table the server deals publishes, as the page shows it: the commitment for what comes
 * next, and the last seed revealed with a "Verify" button that checks it in the browser
 * (fairness-check.ts). Nothing here at a table a dealer deals.
 */
import type { TablePageLiveFragment } from '../generated/graphql';
import { el } from './dom';
import type { Check } from './fairness-check';

/** A commitment or seed, shortened for the eye (the whole value is its title, and selectable). */
const short = (value: string): string => `${value.slice(0, 12)}…${value.slice(-6)}`;

export function fairnessPanel(
  table: TablePageLiveFragment,
  checked: { readonly commitment: string; readonly check: Check } | undefined,
  verify: () => void,
): HTMLElement {
  const { fairness } = table;
  if (!fairness) return el('p', { class: 'muted' }, 'No commitment published yet.');
  const what = table.game === 'CRAPS' ? 'the next roll' : `shoe ${fairness.shoe ?? ''}`.trim();
  const reveal = fairness.lastReveal;
  const result = checked && reveal && checked.commitment === reveal.commitment ? checked.check : undefined;
  return el(
    'div',
    { class: 'fairness' },
    el('p', {}, `Committed to ${what}: `, el('code', { class: 'commitment', title: fairness.commitment }, short(fairness.commitment))),
    reveal
      ? el(
          'div',
          { class: 'reveal' },
          el(
            'p',
            {},
            `Last revealed${reveal.shoe ? ` (shoe ${reveal.shoe})` : ''}: seed `,
            el('code', { title: reveal.seed }, short(reveal.seed)),
            ', salt ',
            el('code', { title: reveal.salt }, short(reveal.salt)),
            ' ',
            verifyButton(verify),
          ),
          result && el('p', { class: 'verdict', role: 'status', 'data-ok': result.ok }, result.ok ? '✓ ' : '✗ ', result.text),
        )
      : el('p', { class: 'muted' }, 'Its seed is revealed once what it draws is over.'),
  );
}

function verifyButton(verify: () => void): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'verify' }, 'Verify');
  button.addEventListener('click', verify);
  return button;
}
