import type { Assumptions } from './assumptions';
import { Quantity } from './quantity';
import type { StackInventory } from './stack-inventory';

/** What `npm run cost` is asked about: a day's traffic. */
export interface Traffic {
  readonly betsPerDay: number;
  /** Players who play on a day. */
  readonly players: number;
  readonly tables: number;
}

/** A month of a day's traffic, in the things the services bill for: bets, rounds, sessions, events... */
export interface MonthTraffic {
  readonly days: number;
  readonly seconds: number;
  readonly minutes: Quantity;
  /** The share of tables that are baccarat. */
  readonly baccarat: Quantity;
  readonly bets: Quantity;
  readonly rounds: Quantity;
  readonly betsPerRound: Quantity;
  readonly partsPerRound: Quantity;
  /** Parts of rounds paid by the settlement workers, each a message and a worker's call. */
  readonly settlementParts: Quantity;
  /** Partners' launches. */
  readonly sessions: Quantity;
  /** Table pages loaded: each opens a socket. */
  readonly pageLoads: Quantity;
  readonly connectedMinutes: Quantity;
  /** Rounds the connected players watch: each reaches each of them. */
  readonly viewerRounds: Quantity;
  /** Writes of a table's item that its subscribers hear of (stream records). */
  readonly tableWrites: Quantity;
  readonly poolWrites: Quantity;
  /** Each write a topic hears of (a table's, its pool's, the lobby's): a fan-out call per shard of the topic, listened to or not. */
  readonly topicWrites: Quantity;
  readonly playerEvents: Quantity;
  /** Events sent over the sockets: the tables' to their viewers, the players' own. */
  readonly eventMessages: Quantity;
  /** A page's reads after a round: the round's bets; at baccarat, the roads too. */
  readonly refreshes: Quantity;
  /** A page's subscriptions. */
  readonly subscriptions: Quantity;
}

/** A month of the day's traffic: exact, every figure from the traffic, the assumptions and the stack's counts. */
export function monthTraffic(traffic: Traffic, assumptions: Assumptions, inventory: StackInventory): MonthTraffic {
  const a = (name: keyof Assumptions) => assumptions[name].value;
  const days = a('DAYS_PER_MONTH');
  const baccarat = Quantity.of(a('BACCARAT_TABLES_PERCENT'), 100);
  const jackpotEvents = baccarat.times(a('JACKPOT_EVENTS_PER_BACCARAT_ROUND'));

  const bets = Quantity.of(traffic.betsPerDay).times(days);
  const rounds = Quantity.of(traffic.tables).times(a('ROUNDS_PER_TABLE_PER_HOUR') * a('TABLE_HOURS_PER_DAY') * days);
  const betsPerRound = rounds.isZero() ? Quantity.ZERO : bets.over(rounds);
  // Bets are taken to spread evenly over rounds: a round past a part's size is paid by the workers, in parts.
  const partsPerRound =
    betsPerRound.compare(inventory.settlementPartBets) > 0
      ? betsPerRound.over(inventory.settlementPartBets).ceil().min(inventory.maxSettlementParts)
      : Quantity.ZERO;
  const sessions = Quantity.of(traffic.players).times(a('SESSIONS_PER_PLAYER_PER_DAY') * days);
  const connectedMinutes = Quantity.of(traffic.players).times(a('SESSION_MINUTES_PER_PLAYER_PER_DAY') * days);
  // Each connected player watches a table: every round of it reaches them.
  const viewerRounds = connectedMinutes.times(a('ROUNDS_PER_TABLE_PER_HOUR')).over(60);
  const tableWrites = rounds.times(a('TABLE_WRITES_PER_ROUND'));
  const poolWrites = rounds.times(jackpotEvents);
  const playerEvents = bets.times(a('PLAYER_EVENTS_PER_BET'));

  return {
    days,
    seconds: days * 86_400,
    minutes: Quantity.of(days * 1_440),
    baccarat,
    bets,
    rounds,
    betsPerRound,
    partsPerRound,
    settlementParts: rounds.times(partsPerRound),
    sessions,
    pageLoads: sessions.times(a('PAGE_LOADS_PER_SESSION')),
    connectedMinutes,
    viewerRounds,
    tableWrites,
    poolWrites,
    topicWrites: tableWrites.plus(poolWrites).plus(rounds.times(a('LOBBY_WRITES_PER_ROUND'))),
    playerEvents,
    eventMessages: viewerRounds.times(jackpotEvents.plus(a('TABLE_EVENTS_PER_ROUND'))).plus(playerEvents),
    // After ROUND_SETTLED a page reads the round's bets; a baccarat page the roads too, after OUTCOME_RECORDED.
    refreshes: viewerRounds.times(baccarat.plus(1)),
    subscriptions: baccarat.plus(a('SUBSCRIPTIONS_PER_PAGE')),
  };
}
