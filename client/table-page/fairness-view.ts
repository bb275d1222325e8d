/// <reference lib="dom" />
/**
 * What a table the server deals publishes, as the page shows it: the commitment for what comes
 * next, and the last seed revealed with a "Verify" button that checks it in the browser
 * (fairness-check.ts). Nothing here at a table a dealer deals.
 */
import type { TablePageLiveFragment } from '../generated/graphql';
import { el } from './dom';
import type { Check } from './fairness-check';
import { t } from './i18n/language';

/** A commitment or seed, shortened for the eye (the whole value is its title, and selectable). */
const short = (value: string): string => `${value.slice(0, 12)}…${value.slice(-6)}`;

export function fairnessPanel(
  table: TablePageLiveFragment,
  checked: { readonly commitment: string; readonly check: Check } | undefined,
  verify: () => void,
): HTMLElement {
  const { fairness } = table;
  if (!fairness) return el('p', { class: 'muted' }, t('fairness.none'));
  const reveal = fairness.lastReveal;
  const result = checked && reveal && checked.commitment === reveal.commitment ? checked.check : undefined;
  return el(
    'div',
    { class: 'fairness' },
    el(
      'p',
      {},
      table.game === 'CRAPS' ? t('fairness.committedRoll') : t('fairness.committedShoe', { shoe: fairness.shoe ?? '' }),
      el('code', { class: 'commitment', title: fairness.commitment }, short(fairness.commitment)),
    ),
    reveal
      ? el(
          'div',
          { class: 'reveal' },
          el(
            'p',
            {},
            reveal.shoe ? t('fairness.lastRevealedShoe', { shoe: reveal.shoe }) : t('fairness.lastRevealed'),
            el('code', { title: reveal.seed }, short(reveal.seed)),
            t('fairness.salt'),
            el('code', { title: reveal.salt }, short(reveal.salt)),
            ' ',
            verifyButton(verify),
          ),
          result && el('p', { class: 'verdict', role: 'status', 'data-ok': result.ok }, result.ok ? '✓ ' : '✗ ', result.text),
        )
      : el('p', { class: 'muted' }, t('fairness.pending')),
  );
}

function verifyButton(verify: () => void): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'verify' }, t('fairness.verify'));
  button.addEventListener('click', verify);
  return button;
}
