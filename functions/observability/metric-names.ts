/**
 * The business metrics the functions publish (CloudWatch embedded metric format, through
 * Powertools), named once: the publisher (powertools-metrics.ts) and the stack's alarms and
 * dashboard (infra/monitoring.ts) read these, so an alarm cannot watch a metric nobody sends.
 */
export const SERVICE_NAME = 'casino-tables';

/** Each stage publishes in its own namespace, so two stages in one account never mix. */
export const metricNamespaceOf = (stage: string): string => `CasinoTables/${stage}`;

/** Every metric carries this dimension (Powertools' `service`), with SERVICE_NAME as its value. */
export const SERVICE_DIMENSION = 'service';

export const METRIC = {
  /** A bet accepted (Count). */
  betsPlaced: 'BetsPlaced',
  /** A bet refused (Count), with the dimension `code`: the GraphQL error code the caller got. */
  betsRefused: 'BetsRefused',
  /** An outcome (roll or deal) recorded (Count), with the dimension `game`. */
  outcomesRecorded: 'OutcomesRecorded',
  /** From a settlement job's start to its end, in one run (Milliseconds). */
  settlementDuration: 'SettlementDuration',
  /** Transactions a settlement run committed (Count). */
  settlementBatches: 'SettlementBatches',
  /** A request DynamoDB refused for a race (a transaction conflict, or throttling), most of them sent again (Count). */
  conflictsRetried: 'ConflictsRetried',
  /** Jackpot prizes paid (Count), and their amount in minor units (JackpotPrizeAmount, None). */
  jackpotPrizes: 'JackpotPrizes',
  jackpotPrizeAmount: 'JackpotPrizeAmount',
  /** Age of the oldest unfinished settlement (Seconds), published by every sweep; 0 when none. */
  oldestSettlementAge: 'OldestSettlementAge',
  /** Tables whose settlement a sweep could not finish (Count). */
  sweepFailures: 'SweepFailures',
  /** Requests answered INTERNAL_SERVER_ERROR (Count): faults Apollo answers with HTTP 200, which Lambda's and API Gateway's errors never see. */
  internalErrors: 'InternalErrors',
  /** Calls to a partner's wallet given up after 24 hours of retries, listed for operators (Count). */
  walletCallsDeadLettered: 'WalletCallsDeadLettered',
  /** Round loops of tables the server deals that the sweeper found stopped and started again (Count). */
  roundLoopsRestarted: 'RoundLoopsRestarted',
} as const;

/** The dimension of BetsRefused. */
export const REFUSAL_CODE_DIMENSION = 'code';
