/**
 * What the bench measured, as the cost model (usage.ts) uses it: BENCHMARKS.md, "The current
 * figures" (every row in bench/results.md and bench/results.json: the run of 2026-12-04; figure 9
 * from its own run of 2026-12-05). In whole numbers of the smallest unit given (hundredths of a
 * capacity unit, microseconds, tenths of a KiB), so the model's arithmetic stays exact.
 * test/infra/cost/measured.test.ts holds each against bench/results.json and BENCHMARKS.md: a
 * bench run that moves one fails it until it is copied here (and docs/DEPLOY.md's examples redone).
 */
export const MEASURED = {
  run: '2026-12-04',
  /**
   * Figure 4, "capacity units per bet lifecycle": one bet placed, then settled, in a round of 100
   * bets from 100 players (a bet a player: its credit and journal its own), the round's own
   * units shared equally among its bets. "write units per bet lifecycle (table)" 17.66 WCU
   * (placed 10, settled 7.66); "(indexes)" 7 WCU (placed 4, settled 3); "read units" 1.7 RCU.
   */
  lifecycle: {
    betsPerRound: 100,
    tableWriteUnitsHundredths: 1_766,
    indexWriteUnitsHundredths: 700,
    readUnitsHundredths: 170,
  },
  /**
   * Figure 4's notes: the round's own units, shared in the lifecycle above: "closing its 64 gate
   * shards and counting them out, recording and finishing the outcome: 145 WCU", "its layout, one
   * query per shard, and the table, outcome, plan and job: 72 RCU".
   */
  round: { writeUnits: 145, readUnits: 72, gateShards: 64 },
  /** Figure 4's notes: "the bet (a 541-byte item)", "the stake's journal (a 916-byte item)", "its 100-byte share of the plan". */
  itemBytes: { bet: 541, journal: 916, planShare: 100 },
  /** Figure 1, "placeBet p50, 0 open bets": 7.02 ms over HTTP through the handler, on DynamoDB Local; "DynamoDB requests per placeBet": 1. */
  placeBet: { p50Microseconds: 7_022, dynamoDbRequests: 1 },
  /**
   * Figure 2, 1,000 bets from 1,000 players (one part, paid by the outcome's own request): "the
   * outcome's answer" 2,006.6 ms and "last credit" 2,008.5 ms, on DynamoDB Local.
   */
  outcome: { bets: 1_000, answerMicroseconds: 2_006_604, lastCreditMicroseconds: 2_008_503 },
  /** Figure 9, "page.js / page.css, compressed (brotli)": 41.1 KiB / 4.7 KiB, as the distribution serves them. */
  pageFiles: { scriptTenthsOfKib: 411, stylesTenthsOfKib: 47 },
} as const;

export type Measured = typeof MEASURED;
