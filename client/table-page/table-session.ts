/**
 * What the page knows of the table and of the player, kept from one snapshot (over HTTP, at load
 * and after each reconnect) and the events since (over the socket). No DOM here: the page renders
 * it on each change.
 *
 * Events that arrive while a snapshot is on its way are held, then applied over it in order. An
 * event may tell of a change the snapshot already holds; applying it is harmless: each carries the
 * table as that change left it, events come in order, and any later change comes as a later event,
 * so the page ends where the table is.
 */
import type {
  TablePageBetFragment,
  TablePageLiveFragment,
  TablePageQuery,
  TablePageRoadsFragment,
  TablePageWalletQuery,
} from '../generated/graphql';
import { playerEventEntry, tableEventEntry, type LogEntry, type PlayerEvent, type RealityCheck, type TableEvent } from './live-events';
import type { ServerClock } from './server-clock';

export type PageTable = NonNullable<TablePageQuery['table']>;
/**
 * The player's account, or a seamless partner's player's wallet balance in the same shape (the
 * page shows a notice instead of a table for a player who has neither).
 */
export type Account = NonNullable<TablePageQuery['me']> | NonNullable<TablePageWalletQuery['walletBalance']>;
export type Snapshot = { readonly table: PageTable; readonly me: Account };
export type Bet = TablePageBetFragment;

/** What the session asks of the page: draw again, log, fetch what an event says changed. */
export interface SessionHost {
  changed(): void;
  log(entry: LogEntry): void;
  refreshRoads(): void;
  /** After ROUND_SETTLED for round `sequence`. */
  refreshRound(sequence: number): void;
}

/** Settled bets shown, newest first. */
const SETTLED_SHOWN = 12;

type Held = { readonly kind: 'table'; readonly event: TableEvent } | { readonly kind: 'player'; readonly event: PlayerEvent };

export class TableSession {
  table!: TablePageLiveFragment;
  limits!: PageTable['myLimits'];
  roads: TablePageRoadsFragment | null = null;
  jackpot: { readonly id: string; amount: number } | null = null;
  /** A reality check told and not yet acknowledged: the page asks the player to read it before betting on. */
  realityCheck: (RealityCheck & { readonly toldAt: string }) | null = null;
  /** Why the player may not play now (a time-out, self-exclusion or block), as the API told it: the page takes no bets. */
  restriction: string | null = null;
  openBets: Bet[] = [];
  /** Bets decided while the page was open, newest first. */
  settledBets: Bet[] = [];
  playerId!: string;
  balance!: number;
  /** When a seamless player's wallet answered the balance shown ('' for an account's). */
  private walletReadAt = '';

  /** The player's money is in their partner's wallet (a seamless partner's player), not in an account of ours. */
  get inWallet(): boolean {
    return this.walletReadAt !== '';
  }
  currency!: string;

  /** Events held while a snapshot is on its way (see the module's comment): the first one too. */
  private held: Held[] | undefined = [];

  constructor(
    private readonly clock: ServerClock,
    private readonly host: SessionHost,
  ) {}

  /** A snapshot is on its way: hold events until `resync`. */
  hold(): void {
    this.held ??= [];
  }

  /** The snapshot read at load or after a reconnect: it replaces what the page knew, then the events held are applied. */
  resync(snapshot: Snapshot): void {
    this.take(snapshot);
    this.release();
    this.host.changed();
  }

  /** Applies the events held (without a snapshot, when none could be read). */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const item of held) {
      if (item.kind === 'table') this.onTableEvent(item.event);
      else this.onPlayerEvent(item.event);
    }
  }

  onTableEvent(event: TableEvent): void {
    if (this.held) return void this.held.push({ kind: 'table', event });
    this.clock.sync(event.serverTime);
    this.table = event.table;
    this.host.log(tableEventEntry(event, this.playerId));
    if (this.table.game === 'BACCARAT' && (event.kind === 'OUTCOME_RECORDED' || event.kind === 'SHOE_CHANGED')) this.host.refreshRoads();
    // The layout as the round left it (a come bet that moved, a bet the round decided), and what it paid.
    if (event.kind === 'ROUND_SETTLED' && event.sequence !== null) this.host.refreshRound(event.sequence);
    this.host.changed();
  }

  onPlayerEvent(event: PlayerEvent): void {
    if (this.held) return void this.held.push({ kind: 'player', event });
    this.clock.sync(event.serverTime);
    if (event.kind === 'BALANCE_CHANGED' && event.account) {
      this.balance = event.account.balance;
      this.currency = event.account.currency;
    }
    // Calls to a seamless wallet are answered in any order: the balance answered last is shown.
    if (event.kind === 'WALLET_BALANCE_CHANGED' && event.wallet && event.wallet.readAt >= this.walletReadAt) {
      this.balance = event.wallet.balance;
      this.currency = event.wallet.currency;
      this.walletReadAt = event.wallet.readAt;
    }
    // A reality check holds the player's bets until they acknowledge it (the page asks them to).
    if (event.kind === 'REALITY_CHECK' && event.realityCheck) this.realityCheck = { ...event.realityCheck, toldAt: event.serverTime };
    if (event.kind === 'PLAY_RESTRICTED') this.restriction ??= 'You may not play now: a time-out, self-exclusion or block has begun.';
    // myEvents tells of the player's bets at every table: this page shows this table's.
    if (event.bet && event.bet.tableId !== this.table.id) return;
    if (event.bet) this.betChanged(event.bet);
    const entry = playerEventEntry(event, event.serverTime, this.table.currency);
    if (entry) this.host.log(entry);
    this.host.changed();
  }

  onJackpotPool(pool: { readonly id: string; readonly amount: number }): void {
    if (this.jackpot?.id !== pool.id) return;
    this.jackpot.amount = pool.amount;
    this.host.changed();
  }

  /** A bet as placeBet answered it or an event told of it: on the layout, or decided. */
  betChanged(bet: Bet): void {
    this.openBets = this.openBets.filter((open) => open.id !== bet.id);
    const settled = this.settledBets.findIndex((known) => known.id === bet.id);
    // Once decided, a bet is never open again: a late BET_PLACED or placeBet answer changes nothing.
    if (bet.status === 'OPEN') {
      if (settled < 0) this.openBets.push(bet);
    } else if (settled < 0) {
      this.settledBets = [bet, ...this.settledBets].slice(0, SETTLED_SHOWN);
    } else {
      this.settledBets = this.settledBets.map((known) => (known.id === bet.id ? bet : known));
    }
  }

  roadsRefreshed(roads: TablePageRoadsFragment | null): void {
    this.roads = roads;
    this.host.changed();
  }

  /** What the round `sequence` left, read after its ROUND_SETTLED: the layout, and the player's bets it decided as they stand. */
  roundRefreshed(sequence: number, openBets: readonly Bet[], recentBets: readonly Bet[], at: string): void {
    for (const bet of recentBets) {
      if (bet.tableId !== this.table.id || bet.settledInRound !== sequence || bet.status === 'OPEN') continue;
      const shown = this.settledBets.find((known) => known.id === bet.id);
      const corrected = shown && (shown.status !== bet.status || shown.returned !== bet.returned);
      if (!shown || corrected) {
        this.betChanged(bet);
        const entry = playerEventEntry(
          { kind: 'BET_SETTLED', serverTime: at, bet, account: null, wallet: null, realityCheck: null },
          at,
          this.table.currency,
        );
        if (entry) this.host.log(entry);
      }
    }
    // A bet whose BET_SETTLED came while the layout was being read is decided, whatever the layout said.
    this.openBets = openBets.filter((bet) => !this.settledBets.some((settled) => settled.id === bet.id));
    this.host.changed();
  }

  private take({ table, me }: Snapshot): void {
    this.clock.sync(table.serverTime);
    const { myLimits, openBets, ...live } = table;
    this.limits = myLimits;
    this.openBets = [...openBets];
    // What an event carries (TablePageLive) is kept as the table; the roads and the pool's amount apart.
    if (live.__typename === 'BaccaratTable') {
      const { roads, jackpot, ...baccarat } = live;
      this.table = { ...baccarat, jackpot: jackpot && { modality: jackpot.modality } };
      this.roads = roads;
      this.jackpot = jackpot ? { id: jackpot.pool.id, amount: jackpot.pool.amount } : null;
    } else {
      this.table = live;
      this.roads = null;
      this.jackpot = null;
    }
    this.playerId = me.id;
    // The player's last bets decided here, newest first: what a reload shows of the rounds they played.
    if ('bets' in me) this.settledBets = me.bets.filter((bet) => bet.tableId === table.id && bet.status !== 'OPEN').slice(0, SETTLED_SHOWN);
    this.balance = me.balance;
    this.currency = me.currency;
    this.walletReadAt = 'readAt' in me ? me.readAt : '';
  }
}
