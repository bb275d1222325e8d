/// <reference lib="dom" />
/**
 * The table page's layout: the table and the player's balance at the top, the betting state with
 * its countdown under it, the game (dice or roads) with its last results and the log on the
 * left, the bet form and the player's bets on the right. Drawn again from the session on each change;
 * the form is built once, so that what the player is typing stays.
 */
import { partnerLinks, type PartnerUrls } from './partner-links';
import type { TablePageLiveFragment } from '../generated/graphql';
import { BetForm, type BetRequest } from './bet-form';
import { openBetsList, settledBetsList } from './bets-view';
import { crapsPanel } from './craps-view';
import { el, fill } from './dom';
import { EventLog } from './event-log';
import type { Answer } from './graphql-http';
import type { ConnectionState } from './live-socket';
import { formatMoney } from './money';
import { recentResultsList } from './results-view';
import { fairnessPanel } from './fairness-view';
import { checkReveal, checkShoe, type Check, type ShoeDeal } from './fairness-check';
import { capitalized, realityCheckText } from './live-events';
import { fitRoads, roadsPanel } from './roads-view';
import { countdownText, type ServerClock } from './server-clock';
import type { Bet, TableSession } from './table-session';
import type { ProtectionPanel } from './protection-view';
import { t } from './i18n/language';
import { betTypeName } from './bet-names';
import { languageSwitch } from './i18n/language-switch';

/** Under this, the countdown shows that betting is about to close. */
const CLOSING_MS = 10_000;

export class TableView {
  readonly log = new EventLog();
  private readonly title = el('h1', {});
  private readonly facts = el('p', { class: 'table-facts' });
  private readonly connection = el('p', { class: 'connection', role: 'status' });
  /** Lost, the page holds bets: it could not show what they meet (it reads the table again once back). */
  private connectionState: ConnectionState = 'connecting';
  private readonly balance = el('strong', { class: 'balance-amount' });
  private readonly balanceLabel = el('span', { class: 'label' });
  private readonly jackpot = el('p', { class: 'jackpot', hidden: true });
  private readonly realityCheck = el('section', {
    class: 'reality-check',
    role: 'alertdialog',
    'aria-label': 'Reality check',
    hidden: true,
  });
  private readonly restriction = el('p', { class: 'play-restricted', role: 'alert', hidden: true });
  private readonly betting = el('section', { class: 'betting', 'aria-label': 'Betting' });
  private readonly bettingState = el('p', { class: 'betting-state', role: 'status', 'aria-live': 'polite' });
  private readonly countdown = el('p', { class: 'countdown', role: 'timer', 'aria-label': 'Time left to bet' });
  private readonly countdownFill = el('span', { class: 'countdown-fill' });
  private readonly game = el('div', { class: 'game' });
  private readonly results = el('div', { class: 'recent' });
  private readonly fairness = el('div', {});
  /** The last reveal the player checked, and what the check found. */
  private checked: { readonly commitment: string; readonly check: Check } | undefined;
  private readonly openBets = el('div', {});
  private readonly takeDownOutcome = el('p', { class: 'take-down-outcome', role: 'status', 'aria-live': 'polite' });
  private readonly settledBets = el('div', {});
  private readonly form: BetForm;

  constructor(
    root: HTMLElement,
    private readonly session: TableSession,
    private readonly clock: ServerClock,
    place: (request: BetRequest) => Promise<Answer<Bet | null>>,
    /** Craps: the player takes one of their open bets down (takeDownBet). */
    private readonly takeDown: (betId: string) => Promise<Answer<Bet | null>>,
    /** The player acknowledges the reality check due at `dueAt` (acknowledgeRealityCheck). */
    private readonly acknowledge: (dueAt: string) => Promise<Answer<unknown>>,
    protection: ProtectionPanel,
    /** Baccarat: the table's decks and every deal of shoe `shoe`, for Verify (null: not a baccarat table). */
    private readonly readShoe: (shoe: number) => Promise<Answer<ShoeHistory | null>>,
    /** A partner's launch: where Home and Cashier go (its lobby and cashier), in the window the page is embedded in. */
    partnerUrls?: PartnerUrls,
  ) {
    const { table } = session;
    this.form = new BetForm({ game: table.game, currency: table.currency, limits: session.limits.betLimits, place });
    fill(
      root,
      el(
        'header',
        { class: 'table-header' },
        el('div', { class: 'table-title' }, this.title, this.facts),
        partnerLinks(partnerUrls),
        languageSwitch(),
        el(
          'div',
          { class: 'player-box' },
          this.connection,
          el('p', { class: 'balance' }, this.balanceLabel, ' ', this.balance),
          this.jackpot,
        ),
      ),
      this.realityCheck,
      this.restriction,
      el('div', { class: 'betting-row' }, this.betting),
      el(
        'div',
        { class: 'table-body' },
        el(
          'div',
          { class: 'game-column' },
          panel('game-heading', t(table.game === 'CRAPS' ? 'panel.dice' : 'panel.roads'), this.game),
          panel('results-heading', t('panel.results'), this.results),
          table.dealing === 'RNG' && panel('fairness-heading', t('panel.fairness'), this.fairness),
          panel('log-heading', t('panel.log'), this.log.element),
        ),
        el(
          'div',
          { class: 'player-column' },
          panel('bet-heading', t('panel.bet'), this.form.element),
          panel('open-heading', t('panel.openBets'), this.openBets),
          panel('settled-heading', t('panel.settled'), this.settledBets),
          panel('protection-heading', t('panel.protection'), protection.element),
        ),
      ),
    );
    fill(
      this.betting,
      this.bettingState,
      this.countdown,
      el('span', { class: 'countdown-bar', 'aria-hidden': 'true' }, this.countdownFill),
    );
    root.removeAttribute('aria-busy');
  }

  render(): void {
    const { table, currency } = this.session;
    document.title = `${table.name} · ${t(`game.${table.game}`)}`;
    fill(this.title, table.name);
    fill(
      this.facts,
      el('span', { class: 'game-badge', 'data-game': table.game }, t(`game.${table.game}`)),
      el('span', { class: 'table-status', 'data-status': table.status }, t(table.status === 'OPEN' ? 'table.open' : 'table.closed')),
      table.dealing === 'RNG' &&
        el('span', { class: 'dealing-badge' }, t(table.dealingPaused ? 'table.dealtByServerPaused' : 'table.dealtByServer')),
      t('table.limits', { minimum: formatMoney(table.minimumBet, table.currency), maximum: formatMoney(table.maximumBet, table.currency) }),
      ` · ${t('table.round', { round: table.nextSequence })}`,
      this.session.limits.profile ? ` · ${t('table.yourLimits', { profile: this.session.limits.profile })}` : null,
    );
    fill(this.balanceLabel, t(this.session.inWallet ? 'balance.wallet' : 'balance.account'));
    fill(this.balance, formatMoney(this.session.balance, currency));
    const { jackpot } = this.session;
    this.jackpot.hidden = !jackpot;
    if (jackpot)
      fill(
        this.jackpot,
        el('span', { class: 'label' }, t('jackpot.label')),
        ' ',
        el('strong', {}, formatMoney(jackpot.amount, table.currency)),
      );

    if (table.game === 'CRAPS') fill(this.game, ...crapsPanel(table, this.session.playerId));
    else {
      fill(this.game, ...roadsPanel(this.session.roads));
      fitRoads(this.game);
    }
    this.renderRealityCheck();
    this.restriction.hidden = !this.session.restriction;
    fill(this.restriction, this.session.restriction);
    fill(this.results, recentResultsList(table));
    if (table.dealing === 'RNG')
      fill(
        this.fairness,
        fairnessPanel(table, this.checked, () => void this.verify()),
      );
    // Drawn anew, the list keeps the keyboard where it was: on the same bet's button.
    const focused = (document.activeElement as HTMLElement | null)?.dataset.bet;
    fill(
      this.openBets,
      openBetsList(this.session.openBets, table.currency, table.game === 'CRAPS' ? (bet) => void this.takeBetDown(bet) : undefined),
      this.takeDownOutcome,
    );
    if (focused) this.openBets.querySelector<HTMLButtonElement>(`button[data-bet="${CSS.escape(focused)}"]`)?.focus();
    fill(this.settledBets, settledBetsList(this.session.settledBets, table.currency));
    this.tick();
  }

  /**
   * Checks the last reveal in the browser: against its commitment; a roll's dice against it; a
   * shoe's every deal (each must show that reveal), its burn and every card against it.
   */
  private async verify(): Promise<void> {
    const { table } = this.session;
    const reveal = table.fairness?.lastReveal;
    if (!reveal) return;
    this.checked = { commitment: reveal.commitment, check: await this.checkOf(reveal) };
    this.render();
  }

  private async checkOf(reveal: LastReveal): Promise<Check> {
    const { table } = this.session;
    // The seed revealed last drew the last roll (a voided round draws nothing and shows no result).
    if (table.game === 'CRAPS') return checkReveal(reveal, table.recentResults[0]?.dice ?? null);
    if (reveal.shoe == null) return checkReveal(reveal);
    const shoe = await this.readShoe(reveal.shoe);
    if ('code' in shoe) return { ok: false, text: `The shoe's deals could not be read (${shoe.code}): try again.` };
    if (!shoe.data) return checkReveal(reveal);
    return checkShoe(reveal, shoe.data.decks, shoe.data.deals);
  }

  /** A reality check told: what the session came to, and a button to read on (bets wait for it). */
  private renderRealityCheck(): void {
    const check = this.session.realityCheck;
    this.realityCheck.hidden = !check;
    if (!check) return;
    const button = el('button', { type: 'button' }, 'I have read this: go on playing');
    button.addEventListener('click', () => {
      button.disabled = true;
      void this.acknowledge(check.dueAt).then((answer) => {
        if (!('code' in answer)) this.session.realityCheck = null;
        this.render();
      });
    });
    fill(
      this.realityCheck,
      el('h2', {}, 'Reality check'),
      el('p', {}, `${capitalized(realityCheckText(check, check.toldAt, this.session.currency))}.`),
      button,
    );
  }

  private async takeBetDown(bet: Bet): Promise<void> {
    const name = `${betTypeName(bet.type)} ${formatMoney(bet.amount, this.session.table.currency)}`;
    fill(this.takeDownOutcome, t('bets.takingDown'));
    const answer = await this.takeDown(bet.id);
    if ('code' in answer) fill(this.takeDownOutcome, el('code', { class: 'error-code' }, answer.code), ' ', answer.message);
    else fill(this.takeDownOutcome, t('bets.takenDown', { bet: name }));
    this.render();
  }

  showConnection(state: ConnectionState): void {
    this.connectionState = state;
    this.connection.dataset.state = state;
    fill(this.connection, el('span', { class: 'connection-dot', 'aria-hidden': 'true' }), t(`connection.${state}`));
    this.tick();
  }

  /** The betting state and its countdown, on the server's clock: run often, it asks nothing of the server. */
  tick(): void {
    const { table } = this.session;
    const left = table.bettingClosesAt ? this.clock.until(table.bettingClosesAt) : undefined;
    const open = table.status === 'OPEN' && table.bettingOpen && left !== 0;
    const state =
      table.status !== 'OPEN' ? 'table-closed' : !open ? 'closed' : left !== undefined && left < CLOSING_MS ? 'closing' : 'open';
    if (this.betting.dataset.state !== state) this.betting.dataset.state = state;
    // Without a betting clock the dealer alone closes betting: no bar runs down.
    this.betting.toggleAttribute('data-clock', table.bettingWindowSeconds !== null);
    const offline = open && this.connectionState === 'reconnecting';
    const text =
      state === 'table-closed'
        ? t('betting.tableClosed')
        : state === 'closed'
          ? left === 0 && table.bettingOpen
            ? t('betting.timeUp')
            : t('betting.closed')
          : offline
            ? t('betting.offline')
            : t('betting.open');
    if (this.bettingState.textContent !== text) this.bettingState.textContent = text;
    const countdown =
      open && left !== undefined ? t('countdown.closesIn', { time: countdownText(left) }) : open ? t('countdown.dealer') : '';
    if (this.countdown.textContent !== countdown) this.countdown.textContent = countdown;
    const windowMs = (table.bettingWindowSeconds ?? 0) * 1000;
    const share = open && left !== undefined && windowMs > 0 ? Math.min(1, left / windowMs) : open ? 1 : 0;
    this.countdownFill.style.width = `${(share * 100).toFixed(1)}%`;
    this.form.update(!open || this.session.restriction ? 'closed' : offline ? 'offline' : 'open', this.session.openBets);
  }
}

type LastReveal = NonNullable<NonNullable<TablePageLiveFragment['fairness']>['lastReveal']>;

/** A baccarat table's decks and the deals of one shoe, as Verify checks them. */
export interface ShoeHistory {
  readonly decks: number;
  readonly deals: readonly ShoeDeal[];
}

function panel(id: string, title: string, body: HTMLElement): HTMLElement {
  return el('section', { class: 'panel', 'aria-labelledby': id }, el('h2', { id }, title), body);
}
