/**
 * What the cost model (usage.ts) assumes where neither the bench (measured.ts) nor the stack
 * (stack-inventory.ts) says: each a named figure with what it stands for, printed by
 * `npm run cost` beside the figures it produced. Whole numbers only (a share in percent, a
 * duration in milliseconds or microseconds), so that the model's arithmetic stays exact. Change
 * one here, then regenerate docs/DEPLOY.md's examples ("Cost"), which a test compares.
 */
export interface Assumption {
  readonly value: number;
  readonly says: string;
}

export const ASSUMPTIONS = {
  // The month and the tables.
  DAYS_PER_MONTH: { value: 30, says: 'days in the month priced' },
  ROUNDS_PER_TABLE_PER_HOUR: { value: 60, says: 'a round a minute: a 15 s betting window, the deal, the payment' },
  TABLE_HOURS_PER_DAY: { value: 24, says: 'tables run round the clock' },
  BACCARAT_TABLES_PERCENT: { value: 50, says: 'the rest craps; baccarat pages read the roads after each deal' },
  DEALER_REQUESTS_PER_ROUND: {
    value: 2,
    says: 'closeBetting, then the roll or the deal: every table has a dealer',
  },
  HISTORY_MONTHS: { value: 12, says: 'a year of play held: nothing that records money expires' },

  // Players and the table page (client/table-page).
  SESSIONS_PER_PLAYER_PER_DAY: { value: 1, says: "a partner's launch a player a day" },
  SESSION_MINUTES_PER_PLAYER_PER_DAY: { value: 45, says: 'the table page open, its socket connected' },
  PAGE_LOADS_PER_SESSION: { value: 3, says: 'the launch, a reload, a second table' },
  GRAPHQL_REQUESTS_PER_PAGE_LOAD: { value: 4, says: "the page's HTML, the code's exchange, the table read twice" },
  PAGE_FILES_PER_LOAD: { value: 2, says: 'page.js and page.css, from the edge' },
  SUBSCRIPTIONS_PER_PAGE: { value: 2, says: 'tableEvents, myEvents; at baccarat also the jackpot pool' },
  KEEPALIVE_PINGS_PER_MINUTE: { value: 6, says: "the page's keepAlive of 10 s: a message in, a call, a pong out" },
  TABLE_WRITES_PER_ROUND: { value: 3, says: 'betting closed; the outcome, betting opened; the round settled' },
  LOBBY_WRITES_PER_ROUND: { value: 2, says: 'betting closed and the outcome: lobby events too (its fan-outs)' },
  TABLE_EVENTS_PER_ROUND: { value: 4, says: 'BETTING_CLOSED, OUTCOME_RECORDED, BETTING_OPENED, ROUND_SETTLED' },
  JACKPOT_EVENTS_PER_BACCARAT_ROUND: { value: 1, says: "the pool's amount, to a baccarat table's viewers" },
  PLAYER_EVENTS_PER_BET: { value: 4, says: 'BET_PLACED, BALANCE_CHANGED, BET_SETTLED, BALANCE_CHANGED' },

  // DynamoDB units the bench does not measure.
  WRITE_UNITS_PER_SESSION: { value: 12, says: "a launch (session, code), the code's exchange, the token" },
  WRITE_UNITS_PER_CONNECTION: { value: 10, says: '$connect, each subscription (2 items), $disconnect' },
  READ_UNITS_PER_SESSION: { value: 4, says: "the partner's credentials, the session, the code" },
  READ_UNITS_PER_PAGE_LOAD: { value: 8, says: "the page's reads: table, limits, open bets, roads, account" },
  READ_UNITS_PER_CONNECTION: { value: 3, says: "the caller's checks as it subscribes" },
  READ_UNITS_PER_ROUND_REFRESH: {
    value: 4,
    says: "a page's read after a round: open bets, last 50 bets (27 KB)",
  },
  READ_UNITS_PER_ROADS_REFRESH: { value: 2, says: "a baccarat viewer's read of the roads after each deal" },
  SUBSCRIPTION_ITEM_BYTES: { value: 1_024, says: 'a subscription, as the fan-out reads it (docs/LIVE.md)' },
  PLAYER_EVENT_READ_UNITS_PER_BET: { value: 1, says: "the fan-out's read of the bettor's subscriptions" },
  SWEEP_READ_UNITS: { value: 10, says: "a sweep's queries: jobs, wallet calls, loops, reality checks" },
  LEDGER_CHECK_READ_UNITS_PER_100_BETS: { value: 50, says: "the daily check: the day's journals, the accounts they moved" },

  // Lambda durations the bench does not measure (or measures on DynamoDB Local only).
  DYNAMODB_ROUND_TRIP_MS: { value: 10, says: "added to the bench's placeBet: its DynamoDB was on its machine" },
  GRAPHQL_CALL_MS: { value: 30, says: 'a read, a page, a session route, closeBetting' },
  OUTCOME_BASE_MS: { value: 150, says: 'an outcome before its bets: 64 layout queries, plan, transaction' },
  SOCKET_CALL_MS: { value: 15, says: 'the socket function: a connect, a message, a disconnect' },
  STREAM_CALL_MS: { value: 30, says: "the stream function's batch (docs/LIVE.md: ~30 ms)" },
  FAN_OUT_CALL_MS: { value: 20, says: "a fan-out's query of its shard (docs/LIVE.md: ~20 ms)" },
  FAN_OUT_MICROSECONDS_PER_MESSAGE: { value: 500, says: 'a post to @connections, 64 at once (docs/LIVE.md)' },
  SWEEP_MS: { value: 300, says: "the sweeper's minute" },
  LEDGER_CHECK_BASE_MS: { value: 2_000, says: "the ledger check's run, before the day's bets" },
  LEDGER_CHECK_MS_PER_1000_BETS: { value: 50, says: "the ledger check's reading of a day's journals" },
  STREAM_SHARDS_MINIMUM: { value: 4, says: 'a shard a partition (1,000 writes/s): 4, more where warmed' },
  STREAM_POLLS_PER_SHARD_PER_SECOND: { value: 4, says: 'Lambda reads a shard 4 times a second: records share calls' },
  SQS_POLLS_PER_QUEUE_PER_MINUTE: { value: 15, says: "Lambda's long polls of each queue it reads, busy or not" },

  // Bytes to the players (through CloudFront).
  PAGE_LOAD_OTHER_BYTES: { value: 24_576, says: "the page's HTML and its two reads of the table" },
  BET_RESPONSE_BYTES: { value: 1_536, says: "placeBet's answer (the API's answers are not compressed)" },
  ROUND_REFRESH_RESPONSE_BYTES: { value: 8_192, says: "a page's read after a round (and the roads, at baccarat)" },
  EVENT_MESSAGE_BYTES: { value: 1_536, says: 'an event over the socket: the table or the bet as it changed' },

  // Logs, metrics, traces.
  LAMBDA_LOG_BYTES_PER_CALL: { value: 400, says: "Lambda's START, END and REPORT lines (with X-Ray's)" },
  METRIC_LOG_BYTES: { value: 400, says: 'an EMF line: a bet, an outcome, a sweep' },
  WAF_LOG_BYTES_PER_REQUEST: { value: 1_500, says: "the firewall's log record of a request" },
  ACCESS_LOG_BYTES: { value: 400, says: 'an API access log line: a request, a socket call' },
  REFUSAL_CODES_SEEN: { value: 8, says: 'BetsRefused is a metric per error code seen in the month' },
  DASHBOARD_VIEWS_PER_DAY: { value: 10, says: 'each a Logs Insights query of 3 hours of function logs' },
  XRAY_TRACES_PER_SECOND: { value: 1, says: "X-Ray's default sampling: a call a second per function..." },
  XRAY_SAMPLED_PERCENT: { value: 5, says: '...and 5% of the rest' },
  ALARM_NOTIFICATIONS_PER_MONTH: { value: 20, says: 'alarms firing and clearing: a KMS request each' },

  // Partners and their secrets.
  PARTNERS: { value: 5, says: 'launching players; all transfer wallets (no seamless calls)' },
  LAUNCH_CREDENTIALS_PER_PARTNER: { value: 2, says: 'two in force, to rotate: a secret each, read at each launch' },
  TOKEN_KEY_READS_PER_HOUR: { value: 12, says: 'a GraphQL instance reads the token keys every 5 minutes' },
  ORIGIN_SECRET_READS_PER_HOUR: { value: 24, says: "GraphQL and socket instances: the origin secret's 2 values, 5-minutely" },
  SECRET_ROTATION_DAYS: { value: 90, says: 'the rotation schedule (DEFAULT_ROTATION_SCHEDULE): each credential and the token keys' },
  SECRET_ROTATION_STEP_MS: { value: 300, says: "a step of a rotation (four a rotation): a secret's versions read and written" },
} satisfies Record<string, Assumption>;

export type Assumptions = Readonly<Record<keyof typeof ASSUMPTIONS, Assumption>>;
