/// <reference lib="dom" />
/**
 * The table page (/tables/<tableId>, functions/launch/hosted-pages.ts): a player's live view of one table,
 * built on the API's subscriptions and its typed client only.
 *
 * At load it subscribes (the table's events, the player's own) and reads the table over HTTP at
 * once, beside the socket's opening; once the server holds the subscriptions it reads the table
 * again: from that snapshot on no event is missed. After a reconnect it reads it again too. Everything else comes as events;
 * what a subscription may not carry (roads, the layout) is read over HTTP when an event says it
 * changed. The page never polls. A seamless partner's player (no account of ours: their money is
 * in their partner's wallet) sees their wallet's balance: read at load, then as each call of ours
 * the wallet answers tells it (myEvents, WALLET_BALANCE_CHANGED).
 */
import {
  ACKNOWLEDGE_REALITY_CHECK,
  JACKPOT_POOL,
  MY_EVENTS,
  PLACE_BET,
  TAKE_DOWN_BET,
  PLAYER_PROTECTION,
  ROUND_SETTLED_REFRESH,
  SELF_EXCLUDE,
  SET_LIMIT,
  SET_REALITY_CHECK,
  SHOE_DEALS,
  TAKE_TIME_OUT,
  TABLE_EVENTS,
  TABLE_PAGE,
  TABLE_ROADS_REFRESH,
  WALLET_BALANCE,
} from './documents';
import type { TablePageQuery, TablePageShoeDealsQuery } from '../generated/graphql';
import { el, fill } from './dom';
import { GraphQLHttp, type Answer } from './graphql-http';
import { LiveSocket, type ConnectionState, type Refusal } from './live-socket';
import { NoPlayerToken, PlayerToken } from './player-token';
import { ProtectionPanel, restrictionText, type Protection } from './protection-view';
import { ServerClock } from './server-clock';
import { TableSession, type Account } from './table-session';
import { rememberCurrencyUnit, setMoneyLocale } from './money';
import { CHOSEN, chooseLanguage, setLanguage, t } from './i18n/language';
import { refusalText } from './i18n/refusals';
import { TableView, type ShoeHistory } from './table-view';
import { showLobby } from './lobby-view';
import { showRoundDetails } from './round-details-view';
import type { ShoeDeal } from './fairness-check';

/** As the server accepts it in the path (functions/launch/hosted-pages.ts). */
const TABLE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
/** A subscription refused for these: the player may not play now (the message says until when). */
const RESTRICTIONS = new Set(['PLAYER_TIMED_OUT', 'PLAYER_SELF_EXCLUDED', 'PLAYER_BLOCKED']);
const COUNTDOWN_TICK_MS = 250;

const root = document.getElementById('table-page')!;

function notice(title: string, text: string): void {
  root.removeAttribute('aria-busy');
  fill(root, el('section', { class: 'notice', role: 'alert' }, el('h1', {}, title), el('p', {}, text)));
}

function tableIdFromLocation(): string | undefined {
  const [, first, id, ...rest] = window.location.pathname.split('/');
  if (first !== 'tables' || rest.length > 0 || !id) return undefined;
  const decoded = decodeURIComponent(id);
  return TABLE_ID.test(decoded) ? decoded : undefined;
}

/** The page's language (i18n/language.ts): the player's choice, the launch's, `?lang=`, the browser's; amounts written its way. */
function speak(launched?: string): void {
  const chosen = chooseLanguage({
    chosen: sessionStorage.getItem(CHOSEN),
    launched,
    query: new URLSearchParams(window.location.search).get('lang'),
    browser: navigator.languages,
  });
  setLanguage(chosen);
  setMoneyLocale(chosen);
  document.documentElement.lang = chosen;
}

async function start(): Promise<void> {
  speak();
  if (window.location.pathname === '/lobby') return startLobby();
  if (window.location.pathname.startsWith('/rounds/')) return showRoundDetails(root);
  const tableId = tableIdFromLocation();
  if (!tableId) return notice(t('notice.noTable'), t('notice.noTableText'));
  const token = new PlayerToken();
  try {
    await token.authorization();
  } catch (error) {
    if (error instanceof NoPlayerToken)
      return token.graphqlPath === '/graphql'
        ? notice(t('notice.noPlayer'), t('notice.noPlayerText'))
        : notice(t('notice.sessionEnded'), t('notice.sessionEndedText'));
    return notice(t('notice.unreachable'), t('notice.unreachableText'));
  }
  speak(token.session?.language);
  const http = new GraphQLHttp(token.graphqlPath, token);
  /** The player of a snapshot: their account, else their seamless wallet's balance; a refusal, or null for neither. */
  async function playerOf(snapshot: TablePageQuery): Promise<Account | { code: string; message: string } | null> {
    if (snapshot.me) return snapshot.me;
    const wallet = await http.request(WALLET_BALANCE, {});
    if ('code' in wallet) return wallet;
    return wallet.data.walletBalance;
  }
  const clock = new ServerClock();
  let view: TableView | undefined;
  let connection: ConnectionState = 'connecting';
  /** Problems that came before the page was drawn: logged once it is. */
  const early: [Refusal, boolean][] = [];
  const logProblem = (refusal: Refusal, ended: boolean) =>
    view?.log.add({
      at: new Date(clock.now()).toISOString(),
      tone: 'error',
      text: t(ended ? 'log.stopped' : 'log.unreadable', { code: refusal.code, message: refusal.message }),
    });
  const refused = (refusal: Refusal, ended: boolean) => {
    if (RESTRICTIONS.has(refusal.code)) {
      session.restriction = refusal.message;
      view?.render();
    }
    return view ? logProblem(refusal, ended) : early.push([refusal, ended]);
  };

  const session = new TableSession(clock, {
    changed: () => view?.render(),
    log: (entry) => view?.log.add(entry),
    refreshRoads: () =>
      void http.request(TABLE_ROADS_REFRESH, { id: tableId }).then((answer) => {
        if ('data' in answer && answer.data.table?.__typename === 'BaccaratTable') session.roadsRefreshed(answer.data.table.roads);
      }),
    refreshRound: (sequence) =>
      void http.request(ROUND_SETTLED_REFRESH, { id: tableId }).then((answer) => {
        if ('data' in answer && answer.data.table) {
          const recentBets = answer.data.me?.bets ?? [];
          session.roundRefreshed(sequence, answer.data.table.openBets, recentBets, new Date(clock.now()).toISOString());
        }
      }),
  });

  let ready: () => void = () => undefined;
  const socketReady = new Promise<void>((resolve) => (ready = resolve));
  const socket = new LiveSocket({
    token,
    onConnection: (state) => {
      connection = state;
      view?.showConnection(state);
    },
    onReady: (wasRetry) => {
      ready();
      if (wasRetry && view) {
        delete root.dataset.synced;
        void resync(t('log.reconnected'));
      }
    },
  });
  socket.subscribe(TABLE_EVENTS, { id: tableId }, (data) => session.onTableEvent(data.tableEvents), refused);
  socket.subscribe(MY_EVENTS, {}, (data) => session.onPlayerEvent(data.myEvents), refused);

  // A page that shows a notice instead of a table ends its socket once it has opened (closed while
  // opening, the browser reports an error of its own).
  const closeSocket = () => void socketReady.then(() => socket.close());
  // The table is read beside the socket's opening, not after it: the page is drawn as soon as the
  // read is answered. That read may be answered before the server holds the subscriptions, so it
  // is made again once the server does (below): what happened between the two shows then.
  const first = await http.request(TABLE_PAGE, { id: tableId });
  if ('code' in first) return notice(t('notice.tableUnread'), `${first.code}: ${first.message}`);
  if (!first.data.table) {
    closeSocket();
    return notice(t('notice.noSuchTable'), t('notice.noSuchTableText'));
  }
  rememberCurrencyUnit(first.data.table.currencyUnit);
  if (first.data.me) rememberCurrencyUnit(first.data.me.currencyUnit);
  const me = await playerOf(first.data);
  if (!me || 'code' in me) {
    closeSocket();
    if (me) return notice(t('notice.walletSilent'), `${me.code}: ${me.message}`);
    return notice(t('notice.noAccount'), t('notice.noAccountText'));
  }
  session.resync({ table: first.data.table, me });

  view = new TableView(
    root,
    session,
    clock,
    async (request) => {
      const answer = await http.request(PLACE_BET, { input: { tableId, ...request } });
      if ('code' in answer) return answer;
      const { placeBet } = answer.data;
      // An expected refusal is data: the payload's first userError (a code of PlaceBetErrorCode), said in the page's language from its parameters.
      const [refusal] = placeBet?.userErrors ?? [];
      if (placeBet?.bet) session.betChanged(placeBet.bet);
      view?.render();
      return refusal ? { code: refusal.code, message: refusalText(refusal) } : { data: placeBet?.bet ?? null };
    },
    async (betId) => {
      const answer = await http.request(TAKE_DOWN_BET, { input: { betId } });
      if ('code' in answer) return answer;
      const { takeDownBet } = answer.data;
      const [refusal] = takeDownBet?.userErrors ?? [];
      if (takeDownBet?.bet) session.betChanged(takeDownBet.bet);
      return refusal ? { code: refusal.code, message: refusalText(refusal) } : { data: takeDownBet?.bet ?? null };
    },
    async (dueAt) => {
      const answer = await http.request(ACKNOWLEDGE_REALITY_CHECK, { dueAt });
      if ('code' in answer) return answer;
      const [refusal] = answer.data.acknowledgeRealityCheck?.userErrors ?? [];
      return refusal ? { code: refusal.code, message: refusal.message } : { data: null };
    },
    new ProtectionPanel({
      currency: session.currency,
      inWallet: session.inWallet,
      changed: (protection) => {
        session.restriction = restrictionText(protection) ?? null;
        view?.render();
      },
      actions: {
        read: async () => {
          const answer = await http.request(PLAYER_PROTECTION, {});
          return 'code' in answer ? answer : { data: answer.data.playerProtection };
        },
        setLimit: async (kind, period, amount) =>
          changed(await http.request(SET_LIMIT, { input: { kind, period, amount } }), (data) => data.setLimit),
        setRealityCheck: async (minutes) => changed(await http.request(SET_REALITY_CHECK, { minutes }), (data) => data.setRealityCheck),
        takeBreak: async (length) =>
          'hours' in length
            ? changed(await http.request(TAKE_TIME_OUT, { hours: length.hours }), (data) => data.takeTimeOut)
            : changed(
                await http.request(SELF_EXCLUDE, 'permanent' in length ? { permanent: true } : { months: length.months }),
                (data) => data.selfExclude,
              ),
      },
    }),
    (shoe) => readShoe(http, tableId, shoe),
    token.session,
  );
  view.showConnection(connection);
  view.render();
  for (const [refusal, ended] of early) logProblem(refusal, ended);
  void socketReady.then(() => resync());
  setInterval(() => view?.tick(), COUNTDOWN_TICK_MS);

  if (session.jackpot) {
    const poolId = session.jackpot.id;
    socket.subscribe(JACKPOT_POOL, { id: poolId }, (data) => session.onJackpotPool(data.jackpotPool), refused);
  }

  /**
   * The table read again, once the server holds the subscriptions (at load, after each
   * reconnect): events held meanwhile are applied after it. Marks the page `data-synced` once it
   * shows a table read after its subscriptions.
   */
  async function resync(note?: string): Promise<void> {
    session.hold();
    const answer = await http.request(TABLE_PAGE, { id: tableId! });
    // Unread, the page keeps what it knew and applies what came meanwhile.
    if ('code' in answer || !answer.data.table) return session.release();
    const me = await playerOf(answer.data);
    if (!me || 'code' in me) return session.release();
    session.resync({ table: answer.data.table, me });
    if (note) view?.log.add({ at: answer.data.table.serverTime, tone: 'table', text: note });
    root.dataset.synced = 'true';
  }
}

/**
 * Every deal of shoe `shoe` at a baccarat table, with the table's decks (null at a craps table):
 * its deals, newest first, page by page until a page reaches an earlier shoe.
 */
async function readShoe(http: GraphQLHttp, tableId: string, shoe: number): Promise<Answer<ShoeHistory | null>> {
  const deals: ShoeDeal[] = [];
  let after: string | null = null;
  for (;;) {
    const answer: Answer<TablePageShoeDealsQuery> = await http.request(SHOE_DEALS, { id: tableId, after });
    if ('code' in answer) return answer;
    const table: TablePageShoeDealsQuery['table'] = answer.data.table;
    if (table?.__typename !== 'BaccaratTable') return { data: null };
    const nodes = table.deals.edges.map((edge) => edge.node);
    deals.push(...nodes.filter((deal) => deal.shoe === shoe));
    if (!table.deals.pageInfo.hasNextPage || nodes.some((deal) => deal.shoe !== null && deal.shoe < shoe))
      return { data: { decks: table.options.decks, deals } };
    after = table.deals.pageInfo.endCursor ?? null;
  }
}

/** The lobby: a partner's launch without a table (lobby-view.ts). */
async function startLobby(): Promise<void> {
  const token = new PlayerToken();
  try {
    await token.authorization();
  } catch {
    return notice(t('notice.sessionEnded'), t('notice.sessionEndedText'));
  }
  speak(token.session?.language);
  await showLobby(root, new GraphQLHttp(token.graphqlPath, token), token.session);
}

/** A change's answer as the protection panel takes it: the protection it left, or its first userError. */
function changed<T>(
  answer: Answer<T>,
  payload: (data: T) => { protection?: Protection | null; userErrors: readonly { code: string; message: string }[] } | null | undefined,
): Answer<Protection> {
  if ('code' in answer) return answer;
  const result = payload(answer.data);
  const [refusal] = result?.userErrors ?? [];
  if (refusal) return { code: refusal.code, message: refusal.message };
  if (!result?.protection) return { code: 'NO_ANSWER', message: t('protection.noAnswer') };
  return { data: result.protection };
}

void start();
