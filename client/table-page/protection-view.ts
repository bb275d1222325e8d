/// <reference lib="dom" />
/**
 * The "Play safely" panel: the player's own limits, reality checks and breaks (the API's
 * setLimit, setRealityCheck, takeTimeOut and selfExclude), as a player sets them for themselves.
 * Read when the player opens it (the page's first load asks nothing more), then from each change's
 * answer. What the API refuses is shown with its code and message as the API gave them; a break is
 * asked twice, since it cannot be undone.
 */
import type { LimitKind, LimitPeriod, TablePageProtectionFragment } from '../generated/graphql';
import { el, fill } from './dom';
import type { Answer } from './graphql-http';
import { capitalized } from './live-events';
import { language, t, type MessageKey } from './i18n/language';
import { formatMoney, parseMoney } from './money';

export type Protection = TablePageProtectionFragment;

/** What the panel asks of the API; each answers the player's protection as it became, or the refusal. */
export interface ProtectionActions {
  read(): Promise<Answer<Protection>>;
  setLimit(kind: LimitKind, period: LimitPeriod, amount: number | null): Promise<Answer<Protection>>;
  setRealityCheck(minutes: number | null): Promise<Answer<Protection>>;
  takeBreak(length: BreakLength): Promise<Answer<Protection>>;
}

/** A time-out (hours) or a self-exclusion (months, or for good). */
export type BreakLength = { readonly hours: number } | { readonly months: number } | { readonly permanent: true };

const KINDS: readonly LimitKind[] = ['STAKE', 'LOSS', 'DEPOSIT', 'SESSION_TIME'];
const PERIODS: readonly LimitPeriod[] = ['DAY', 'WEEK', 'MONTH'];
const REALITY_MINUTES = [15, 30, 60, 120] as const;
/** The breaks offered, within what the API takes: time-outs of 24 hours to 6 weeks, self-exclusion of 6 months to 5 years or for good. */
const BREAKS: readonly BreakLength[] = [
  { hours: 24 },
  { hours: 168 },
  { hours: 1008 },
  { months: 6 },
  { months: 12 },
  { months: 60 },
  { permanent: true },
];
/** Each break's name, by its place in BREAKS. */
const breakName = (index: number): string => t(`protection.break.${index}` as MessageKey);

export interface ProtectionPanelOptions {
  readonly currency: string;
  /** A seamless partner's player: their partner keeps their limits and reality checks; breaks are still theirs to take here. */
  readonly inWallet: boolean;
  readonly actions: ProtectionActions;
  /** The player's protection as last read: the page holds bets when they may not play. */
  readonly changed: (protection: Protection) => void;
}

export class ProtectionPanel {
  readonly element: HTMLDetailsElement;
  private readonly status = el('p', { class: 'protection-status', role: 'status' });
  private readonly limits = el('ul', { class: 'limits-list', 'aria-label': t('protection.limitsLabel') });
  private readonly kind: HTMLSelectElement;
  private readonly period: HTMLSelectElement;
  private readonly amountLabel = el('label', { for: 'limit-amount' });
  private readonly amount = el('input', { id: 'limit-amount', name: 'amount', inputmode: 'decimal', autocomplete: 'off' });
  private readonly realityMinutes: HTMLSelectElement;
  private readonly breakLength: HTMLSelectElement;
  private readonly breakForm: HTMLFormElement;
  private readonly confirmation = el('div', { class: 'break-confirmation', role: 'alertdialog', hidden: true });
  private readonly outcome = el('p', { class: 'protection-outcome', role: 'status', 'aria-live': 'polite' });
  private protection: Protection | undefined;
  private reading: Promise<void> | undefined;

  constructor(private readonly options: ProtectionPanelOptions) {
    this.kind = el(
      'select',
      { id: 'limit-kind', name: 'kind' },
      ...KINDS.map((kind) => el('option', { value: kind }, t(`protection.kind.${kind}`))),
    );
    this.period = el(
      'select',
      { id: 'limit-period', name: 'period' },
      ...PERIODS.map((period) => el('option', { value: period }, t(`protection.period.${period}`))),
    );
    this.realityMinutes = el(
      'select',
      { id: 'reality-minutes', name: 'minutes' },
      el('option', { value: '' }, t('protection.off')),
      ...REALITY_MINUTES.map((minutes) => el('option', { value: minutes }, t('protection.every', { minutes }))),
    );
    this.breakLength = el(
      'select',
      { id: 'break-length', name: 'length' },
      ...BREAKS.map((_, i) => el('option', { value: i }, breakName(i))),
    );

    const removeLimit = el('button', { type: 'button' }, t('protection.removeLimit'));
    removeLimit.addEventListener('click', () => void this.sendLimit(null));
    const limitForm = el(
      'form',
      { class: 'limit-form', 'aria-label': t('protection.setLimitForm'), novalidate: true },
      el(
        'div',
        { class: 'field-row' },
        el('div', { class: 'field' }, el('label', { for: 'limit-kind' }, t('protection.limitOn')), this.kind),
        el('div', { class: 'field' }, el('label', { for: 'limit-period' }, t('protection.periodLabel')), this.period),
        el('div', { class: 'field' }, this.amountLabel, this.amount),
      ),
      el('p', { class: 'hint' }, t('protection.hint')),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit' }, t('protection.setLimit')), removeLimit),
    );
    limitForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const amount = this.amountTyped();
      if (amount === undefined)
        return this.show('refused', t(this.kind.value === 'SESSION_TIME' ? 'protection.enterMinutes' : 'protection.enterAmount'));
      void this.sendLimit(amount);
    });
    this.kind.addEventListener('change', () => this.kindChanged());

    const realityForm = el(
      'form',
      { class: 'reality-form', 'aria-label': t('protection.realityChecks'), novalidate: true },
      el('div', { class: 'field' }, el('label', { for: 'reality-minutes' }, t('protection.realityChecks')), this.realityMinutes),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit' }, t('protection.setRealityChecks'))),
    );
    realityForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const minutes = this.realityMinutes.value ? Number(this.realityMinutes.value) : null;
      void this.send(
        this.options.actions.setRealityCheck(minutes),
        minutes ? t('protection.realityEvery', { minutes }) : t('protection.realityOff'),
      );
    });

    this.breakForm = el(
      'form',
      { class: 'break-form', 'aria-label': t('protection.takeBreakForm'), novalidate: true },
      el('div', { class: 'field' }, el('label', { for: 'break-length' }, t('protection.breakLength')), this.breakLength),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit' }, t('protection.takeBreak'))),
      this.confirmation,
    );
    this.breakForm.addEventListener('submit', (event) => {
      event.preventDefault();
      this.askToConfirm();
    });

    this.element = el(
      'details',
      { class: 'protection' },
      el('summary', {}, t('protection.summary')),
      this.status,
      this.limits,
      // A seamless partner keeps its players' limits and reality checks in its own wallet.
      !options.inWallet && limitForm,
      !options.inWallet && realityForm,
      this.breakForm,
      this.outcome,
    );
    // Read when first opened: a player who never looks costs the server nothing.
    this.element.addEventListener('toggle', () => {
      if (this.element.open) void this.load();
    });
    this.kindChanged();
  }

  /** Reads the player's protection (again). */
  load(): Promise<void> {
    this.reading ??= this.options.actions.read().then((answer) => {
      this.reading = undefined;
      if ('code' in answer) return this.show('refused', answer.message, answer.code);
      this.took(answer.data);
    });
    return this.reading;
  }

  private amountTyped(): number | undefined {
    const text = this.amount.value.trim();
    if (this.kind.value !== 'SESSION_TIME') {
      const amount = parseMoney(text, this.options.currency);
      return amount === undefined || amount === 0 ? undefined : amount;
    }
    return /^\d{1,5}$/.test(text) ? Number(text) : undefined;
  }

  private kindChanged(): void {
    fill(
      this.amountLabel,
      this.kind.value === 'SESSION_TIME'
        ? t('protection.limitMinutes')
        : t('protection.limitCurrency', { currency: this.options.currency }),
    );
  }

  private async sendLimit(amount: number | null): Promise<void> {
    const kind = this.kind.value as LimitKind;
    const period = this.period.value as LimitPeriod;
    const name = limitName(kind, period);
    await this.send(this.options.actions.setLimit(kind, period, amount), (protection) => {
      const limit = protection.limits.find((l) => l.kind === kind && l.period === period);
      const pending = limit?.byPlayer?.pendingAt;
      if (pending)
        return t('protection.pending', {
          name: capitalized(name),
          moment: moment(pending),
          limit: limitText(limit, this.options.currency),
        });
      return amount === null
        ? t('protection.removed', { name: capitalized(name) })
        : t('protection.set', { name: capitalized(name), quantity: quantity(kind, amount, this.options.currency) });
    });
  }

  private askToConfirm(): void {
    const index = Number(this.breakLength.value);
    const length = BREAKS[index]!;
    const yes = el('button', { type: 'button', class: 'confirm-break' }, t('protection.confirmYes'));
    const no = el('button', { type: 'button' }, t('protection.cancel'));
    no.addEventListener('click', () => (this.confirmation.hidden = true));
    yes.addEventListener('click', () => {
      yes.disabled = true;
      this.confirmation.hidden = true;
      void this.send(this.options.actions.takeBreak(length), (protection) => restrictionText(protection) ?? t('protection.breakBegun'));
    });
    fill(
      this.confirmation,
      el('p', {}, t('protection.breakWarning', { name: breakName(index) })),
      el('div', { class: 'form-actions' }, yes, no),
    );
    this.confirmation.hidden = false;
  }

  private async send(answer: Promise<Answer<Protection>>, told: string | ((protection: Protection) => string)): Promise<void> {
    this.show('pending', t('protection.sending'));
    const settled = await answer;
    if ('code' in settled) return this.show('refused', settled.message, settled.code);
    this.took(settled.data);
    this.show('done', typeof told === 'string' ? told : told(settled.data));
  }

  private took(protection: Protection): void {
    this.protection = protection;
    this.options.changed(protection);
    this.render();
  }

  private render(): void {
    const protection = this.protection;
    if (!protection) return;
    fill(this.status, restrictionText(protection) ?? t('protection.mayPlay'));
    this.breakForm.hidden = !protection.mayPlay;
    const shown = protection.limits.filter((limit) => limit.amount !== null || limit.byPlayer?.pendingAt);
    fill(
      this.limits,
      ...(shown.length > 0
        ? shown.map((limit) =>
            el(
              'li',
              { 'data-kind': limit.kind, 'data-period': limit.period },
              `${capitalized(limitName(limit.kind, limit.period))}: ${limitText(limit, this.options.currency)}`,
            ),
          )
        : [el('li', { class: 'empty' }, t('protection.noLimits'))]),
      protection.realityCheck && el('li', {}, t('protection.realityListed', { minutes: protection.realityCheck.everyMinutes })),
    );
  }

  private show(state: 'pending' | 'done' | 'refused', text: string, code?: string): void {
    this.outcome.dataset.state = state;
    fill(this.outcome, code ? el('code', { class: 'error-code' }, code) : null, code ? ' ' : null, text);
  }
}

/** Why the player may not play now, in words; undefined when they may. */
export function restrictionText(protection: Protection): string | undefined {
  if (protection.mayPlay) return undefined;
  if (protection.permanentlyExcluded) return t('protection.excludedForGood');
  if (protection.selfExclusionEndsAt) return t('protection.excludedUntil', { moment: moment(protection.selfExclusionEndsAt) });
  if (protection.timeOutEndsAt) return t('protection.breakUntil', { moment: moment(protection.timeOutEndsAt) });
  if (protection.blocked) return t('protection.blocked', { reason: protection.blocked.reason });
  return t('protection.mayNotPlay');
}

type Limit = Protection['limits'][number];

const limitName = (kind: LimitKind, period: LimitPeriod): string => t('protection.limitName', { kind, period });

const quantity = (kind: LimitKind, amount: number, currency: string): string =>
  kind === 'SESSION_TIME' ? t('duration.minutes', { minutes: amount }) : formatMoney(amount, currency);

function limitText(limit: Limit | undefined, currency: string): string {
  if (!limit || limit.amount === null) return t('protection.none');
  const used =
    limit.kind === 'LOSS' && limit.used < 0
      ? t('protection.ahead', { amount: quantity(limit.kind, -limit.used, currency) })
      : t('protection.used', { amount: quantity(limit.kind, limit.used, currency) });
  return t('protection.limitText', { amount: quantity(limit.kind, limit.amount, currency), used, pending: pendingText(limit, currency) });
}

/** The player's rise or removal waiting out its cooling-off, if any. */
function pendingText(limit: Limit, currency: string): string {
  const side = limit.byPlayer;
  if (!side?.pendingAt) return '';
  if (side.pendingRemoval) return t('protection.pendingRemoved', { moment: moment(side.pendingAt) });
  return side.pendingAmount === null || side.pendingAmount === undefined
    ? ''
    : t('protection.pendingAmount', { amount: quantity(limit.kind, side.pendingAmount, currency), moment: moment(side.pendingAt) });
}

/** "5 Dec 2026, 14:30 UTC", in the page's language (English dates as Macau writes them, day first). */
function moment(at: string): string {
  const date = new Date(at);
  const locale = language() === 'en' ? 'en-GB' : language();
  const day = date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}
