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

const KINDS: readonly [LimitKind, string][] = [
  ['STAKE', 'Stake'],
  ['LOSS', 'Net loss'],
  ['DEPOSIT', 'Deposit'],
  ['SESSION_TIME', 'Session time'],
];
const PERIODS: readonly [LimitPeriod, string][] = [
  ['DAY', 'Daily'],
  ['WEEK', 'Weekly'],
  ['MONTH', 'Monthly'],
];
const REALITY_MINUTES = [15, 30, 60, 120] as const;
/** The breaks offered, within what the API takes: time-outs of 24 hours to 6 weeks, self-exclusion of 6 months to 5 years or for good. */
const BREAKS: readonly [string, BreakLength][] = [
  ['A time-out of 24 hours', { hours: 24 }],
  ['A time-out of 1 week', { hours: 168 }],
  ['A time-out of 6 weeks', { hours: 1008 }],
  ['Self-exclusion for 6 months', { months: 6 }],
  ['Self-exclusion for 1 year', { months: 12 }],
  ['Self-exclusion for 5 years', { months: 60 }],
  ['Self-exclusion for good', { permanent: true }],
];

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
  private readonly limits = el('ul', { class: 'limits-list', 'aria-label': 'Your limits' });
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
    this.kind = el('select', { id: 'limit-kind', name: 'kind' }, ...KINDS.map(([kind, name]) => el('option', { value: kind }, name)));
    this.period = el(
      'select',
      { id: 'limit-period', name: 'period' },
      ...PERIODS.map(([period, name]) => el('option', { value: period }, name)),
    );
    this.realityMinutes = el(
      'select',
      { id: 'reality-minutes', name: 'minutes' },
      el('option', { value: '' }, 'Off'),
      ...REALITY_MINUTES.map((minutes) => el('option', { value: minutes }, `Every ${minutes} minutes`)),
    );
    this.breakLength = el('select', { id: 'break-length', name: 'length' }, ...BREAKS.map(([name], i) => el('option', { value: i }, name)));

    const removeLimit = el('button', { type: 'button' }, 'Remove limit');
    removeLimit.addEventListener('click', () => void this.sendLimit(null));
    const limitForm = el(
      'form',
      { class: 'limit-form', 'aria-label': 'Set a limit', novalidate: true },
      el(
        'div',
        { class: 'field-row' },
        el('div', { class: 'field' }, el('label', { for: 'limit-kind' }, 'Limit on'), this.kind),
        el('div', { class: 'field' }, el('label', { for: 'limit-period' }, 'Period'), this.period),
        el('div', { class: 'field' }, this.amountLabel, this.amount),
      ),
      el('p', { class: 'hint' }, 'A lower limit applies at once; a higher one, or removing one, after 24 hours.'),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit' }, 'Set limit'), removeLimit),
    );
    limitForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const amount = this.amountTyped();
      if (amount === undefined)
        return this.show(
          'refused',
          this.kind.value === 'SESSION_TIME' ? 'Enter whole minutes, for example 60.' : 'Enter the amount, for example 500.',
        );
      void this.sendLimit(amount);
    });
    this.kind.addEventListener('change', () => this.kindChanged());

    const realityForm = el(
      'form',
      { class: 'reality-form', 'aria-label': 'Reality checks', novalidate: true },
      el('div', { class: 'field' }, el('label', { for: 'reality-minutes' }, 'Reality checks'), this.realityMinutes),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit' }, 'Set reality checks')),
    );
    realityForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const minutes = this.realityMinutes.value ? Number(this.realityMinutes.value) : null;
      void this.send(
        this.options.actions.setRealityCheck(minutes),
        minutes ? `Reality checks every ${minutes} minutes, from now.` : 'Reality checks off.',
      );
    });

    this.breakForm = el(
      'form',
      { class: 'break-form', 'aria-label': 'Take a break', novalidate: true },
      el('div', { class: 'field' }, el('label', { for: 'break-length' }, 'Length of the break'), this.breakLength),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit' }, 'Take a break')),
      this.confirmation,
    );
    this.breakForm.addEventListener('submit', (event) => {
      event.preventDefault();
      this.askToConfirm();
    });

    this.element = el(
      'details',
      { class: 'protection' },
      el('summary', {}, 'Limits, reality checks and breaks'),
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
    fill(this.amountLabel, this.kind.value === 'SESSION_TIME' ? 'Limit (minutes)' : `Limit (${this.options.currency})`);
  }

  private async sendLimit(amount: number | null): Promise<void> {
    const kind = this.kind.value as LimitKind;
    const period = this.period.value as LimitPeriod;
    const name = limitName(kind, period);
    await this.send(this.options.actions.setLimit(kind, period, amount), (protection) => {
      const limit = protection.limits.find((l) => l.kind === kind && l.period === period);
      const pending = limit?.byPlayer?.pendingAt;
      if (pending)
        return `${capitalized(name)}: the change applies from ${moment(pending)}, after 24 hours; until then ${limitText(limit, this.options.currency)}.`;
      return amount === null
        ? `${capitalized(name)} removed.`
        : `${capitalized(name)} set: ${quantity(kind, amount, this.options.currency)}.`;
    });
  }

  private askToConfirm(): void {
    const [name, length] = BREAKS[Number(this.breakLength.value)]!;
    const yes = el('button', { type: 'button', class: 'confirm-break' }, 'Yes, take the break');
    const no = el('button', { type: 'button' }, 'Cancel');
    no.addEventListener('click', () => (this.confirmation.hidden = true));
    yes.addEventListener('click', () => {
      yes.disabled = true;
      this.confirmation.hidden = true;
      void this.send(this.options.actions.takeBreak(length), (protection) => restrictionText(protection) ?? 'Your break has begun.');
    });
    fill(
      this.confirmation,
      el(
        'p',
        {},
        `${name}: you will not be able to bet or deposit until it ends, at any table. It cannot be shortened or undone. Withdrawals still work.`,
      ),
      el('div', { class: 'form-actions' }, yes, no),
    );
    this.confirmation.hidden = false;
  }

  private async send(answer: Promise<Answer<Protection>>, told: string | ((protection: Protection) => string)): Promise<void> {
    this.show('pending', 'Sending…');
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
    fill(this.status, restrictionText(protection) ?? 'You may play.');
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
        : [el('li', { class: 'empty' }, 'No limits set.')]),
      protection.realityCheck && el('li', {}, `Reality checks every ${protection.realityCheck.everyMinutes} minutes.`),
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
  if (protection.permanentlyExcluded) return 'You have excluded yourself for good: no bets or deposits.';
  if (protection.selfExclusionEndsAt)
    return `You have excluded yourself until ${moment(protection.selfExclusionEndsAt)}: no bets or deposits until then.`;
  if (protection.timeOutEndsAt) return `You are taking a break until ${moment(protection.timeOutEndsAt)}: no bets or deposits until then.`;
  if (protection.blocked) return `Your operator has blocked play: ${protection.blocked.reason}`;
  return 'You may not play now.';
}

type Limit = Protection['limits'][number];

const limitName = (kind: LimitKind, period: LimitPeriod): string =>
  `${PERIODS.find(([p]) => p === period)![1].toLowerCase()} ${KINDS.find(([k]) => k === kind)![1].toLowerCase()} limit`;

const quantity = (kind: LimitKind, amount: number, currency: string): string =>
  kind === 'SESSION_TIME' ? `${amount} min` : formatMoney(amount, currency);

function limitText(limit: Limit | undefined, currency: string): string {
  if (!limit || limit.amount === null) return 'none';
  const used =
    limit.kind === 'LOSS' && limit.used < 0
      ? `${quantity(limit.kind, -limit.used, currency)} ahead`
      : `${quantity(limit.kind, limit.used, currency)} used`;
  return `${quantity(limit.kind, limit.amount, currency)} (${used})${pendingText(limit, currency)}`;
}

/** The player's rise or removal waiting out its cooling-off, if any. */
function pendingText(limit: Limit, currency: string): string {
  const side = limit.byPlayer;
  if (!side?.pendingAt) return '';
  if (side.pendingRemoval) return `, removed from ${moment(side.pendingAt)}`;
  return side.pendingAmount === null || side.pendingAmount === undefined
    ? ''
    : `, ${quantity(limit.kind, side.pendingAmount, currency)} from ${moment(side.pendingAt)}`;
}

/** "5 Dec 2026, 14:30 UTC" */
function moment(at: string): string {
  const date = new Date(at);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}
