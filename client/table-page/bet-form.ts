/// <reference lib="dom" />
/**
 * The bet form: a bet type of the table's (with the limits the player bets by), a stake in the
 * table's currency, a seat at baccarat, the bet an odds bet backs. It places the bet over HTTP
 * and shows what came back: the bet, or the refusal's code and message as the API gave them.
 */
import type { BetType, Game } from '../generated/graphql';
import { ODDS_BASE, betTypeName } from './bet-names';
import { el, fill } from './dom';
import type { Answer } from './graphql-http';
import { formatAmount, formatMoney, parseMoney, plainAmount } from './money';
import type { Bet, PageTable } from './table-session';
import { t } from './i18n/language';

type BetLimit = PageTable['myLimits']['betLimits'][number];

export interface BetRequest {
  readonly type: BetType;
  readonly amount: number;
  readonly seat?: number;
  readonly baseBetId?: string;
  /** A retry of the same submission never bets twice. */
  readonly idempotencyKey: string;
}

export interface BetFormOptions {
  readonly game: Game;
  readonly currency: string;
  readonly limits: readonly BetLimit[];
  readonly place: (request: BetRequest) => Promise<Answer<Bet | null>>;
}

/** Baccarat's seats (PlaceBetInput.seat). */
const SEATS = { min: 1, max: 14 } as const;

export class BetForm {
  readonly element: HTMLFormElement;
  private readonly type: HTMLSelectElement;
  private readonly amount: HTMLInputElement;
  private readonly seat: HTMLInputElement | undefined;
  private readonly backs: HTMLSelectElement;
  private readonly backsField: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly submit: HTMLButtonElement;
  private readonly outcome: HTMLElement;
  private bettingOpen = true;
  private sending = false;
  private openBets: readonly Bet[] = [];
  /** What `update` last drew from, so that the countdown's frequent calls redraw nothing (an open select stays open). */
  private drawn = '';

  constructor(private readonly options: BetFormOptions) {
    this.type = el(
      'select',
      { id: 'bet-type', name: 'type' },
      ...options.limits.map((limit) => el('option', { value: limit.type }, betTypeName(limit.type))),
    );
    this.amount = el('input', {
      id: 'bet-amount',
      name: 'amount',
      inputmode: 'decimal',
      autocomplete: 'off',
      'aria-describedby': 'bet-limits',
    });
    this.hint = el('p', { id: 'bet-limits', class: 'hint' });
    this.seat =
      options.game === 'BACCARAT'
        ? el('input', {
            id: 'bet-seat',
            name: 'seat',
            type: 'number',
            min: SEATS.min,
            max: SEATS.max,
            step: 1,
            'aria-describedby': 'bet-seat-hint',
          })
        : undefined;
    this.backs = el('select', { id: 'bet-backs', name: 'backs' });
    this.backsField = el('div', { class: 'field', hidden: true }, el('label', { for: 'bet-backs' }, t('form.backs')), this.backs);
    this.submit = el('button', { type: 'submit', class: 'place-bet' }, t('form.place'));
    this.outcome = el('p', { class: 'bet-outcome', role: 'status', 'aria-live': 'polite' });

    this.element = el(
      'form',
      { class: 'bet-form', 'aria-labelledby': 'bet-heading', novalidate: true },
      el(
        'div',
        { class: 'field-row' },
        el('div', { class: 'field' }, el('label', { for: 'bet-type' }, t('form.bet')), this.type),
        el('div', { class: 'field' }, el('label', { for: 'bet-amount' }, t('form.amount', { currency: options.currency })), this.amount),
        this.seat && el('div', { class: 'field field-seat' }, el('label', { for: 'bet-seat' }, t('form.seat')), this.seat),
      ),
      this.hint,
      this.seat && el('p', { id: 'bet-seat-hint', class: 'hint' }, t('form.seatHint', { min: SEATS.min, max: SEATS.max })),
      this.backsField,
      el('div', { class: 'form-actions' }, this.submit),
      this.outcome,
    );
    this.type.addEventListener('change', () => this.typeChanged(true));
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.send();
    });
    this.typeChanged(true);
  }

  /**
   * Whether a bet may be sent (betting open, and the live connection up: while it is lost the page
   * cannot show what its bet meets), and the player's bets an odds bet may back.
   */
  update(state: 'open' | 'closed' | 'offline', openBets: readonly Bet[]): void {
    const drawn = `${state}:${openBets.map((bet) => `${bet.id}/${bet.number}`).join(',')}`;
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    this.bettingOpen = state === 'open';
    this.openBets = openBets;
    this.submit.disabled = !this.bettingOpen || this.sending;
    this.submit.textContent = t(state === 'open' ? 'form.place' : state === 'offline' ? 'form.reconnecting' : 'form.closed');
    this.typeChanged(false);
  }

  private selectedLimit() {
    return this.options.limits.find((limit) => limit.type === this.type.value);
  }

  private typeChanged(resetAmount: boolean): void {
    const limit = this.selectedLimit();
    if (!limit) return;
    const { currency } = this.options;
    if (resetAmount) this.amount.value = plainAmount(limit.minimum, currency);
    fill(this.hint, t('form.limits', { minimum: formatAmount(limit.minimum, currency), maximum: formatMoney(limit.maximum, currency) }));
    const base = ODDS_BASE[limit.type];
    this.backsField.hidden = !base;
    if (!base) return;
    const chosen = this.backs.value;
    const candidates = this.openBets.filter((bet) => bet.type === base && (base === 'PASS_LINE' || base === 'DONT_PASS' || bet.number));
    fill(
      this.backs,
      ...(candidates.length
        ? candidates.map((bet) =>
            el(
              'option',
              { value: bet.id, selected: bet.id === chosen },
              bet.number
                ? t('form.backedBetOn', { bet: betTypeName(bet.type), amount: formatMoney(bet.amount, currency), number: bet.number })
                : t('form.backedBet', { bet: betTypeName(bet.type), amount: formatMoney(bet.amount, currency) }),
            ),
          )
        : [el('option', { value: '' }, t('form.noBetToBack', { bet: betTypeName(base) }))]),
    );
  }

  private async send(): Promise<void> {
    const limit = this.selectedLimit();
    const amount = parseMoney(this.amount.value, this.options.currency);
    if (!limit) return;
    if (amount === undefined || amount === 0) return this.show('refused', t('form.enterAmount'));
    const seat = this.seat?.value ? Number(this.seat.value) : undefined;
    if (seat !== undefined && !(Number.isInteger(seat) && seat >= SEATS.min && seat <= SEATS.max)) {
      return this.show('refused', t('form.chooseSeat', { min: SEATS.min, max: SEATS.max }));
    }
    const baseBetId = this.backsField.hidden ? undefined : this.backs.value || undefined;
    this.sending = true;
    this.submit.disabled = true;
    this.show('pending', t('form.placing'));
    const answer = await this.options.place({
      type: limit.type,
      amount,
      ...(seat !== undefined ? { seat } : {}),
      ...(baseBetId ? { baseBetId } : {}),
      idempotencyKey: idempotencyKey(),
    });
    this.sending = false;
    this.submit.disabled = !this.bettingOpen;
    if ('code' in answer) return this.show('refused', answer.message, answer.code);
    if (answer.data)
      this.show(
        'placed',
        t('form.placed', { bet: betTypeName(answer.data.type), amount: formatMoney(answer.data.amount, this.options.currency) }),
      );
  }

  private show(state: 'pending' | 'placed' | 'refused', text: string, code?: string): void {
    this.outcome.dataset.state = state;
    fill(this.outcome, code ? el('code', { class: 'error-code' }, code) : null, code ? ' ' : null, text);
  }
}

/** A key for PlaceBetInput.idempotencyKey: crypto.getRandomValues works on any origin (randomUUID needs a secure one). */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `page-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
