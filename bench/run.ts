/**
 * `npm run bench`: every figure of BENCHMARKS.md, each against a floor measured in the same run,
 * on this machine's own DynamoDB Local with real DynamoDB's transaction conflicts modelled.
 * Writes bench/results.json and bench/results.md.
 *
 *   npm run bench                      every figure, full size (about 15 minutes on 2 cores)
 *   npm run bench -- --only 1,3        some figures
 *   npm run bench -- --quick --out DIR tiny sizes, to check the bench itself runs (the tests do)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchEnvironment, type BenchEnvironment } from './harness/bench-environment';
import { figureText, loadAverage, machine, summaryMarkdown, type BenchResults, type FigureResult, type FigureRow } from './harness/results';
import { placeBetLatency } from './figures/place-bet-latency';
import { roundSettlement } from './figures/round-settlement';
import { tableThroughput } from './figures/table-throughput';
import { capacityPerBet } from './figures/capacity-per-bet';
import { coldStart } from './figures/cold-start';
import { rulesThroughput } from './figures/rules-throughput';
import { liveDelivery } from './figures/live-delivery';
import { seamlessPlaceBet } from './figures/seamless-place-bet';
import { clientLoad } from './figures/client-load';
import { busyAccount } from './figures/busy-account';

// The AWS SDK warns at every client creation that Node 20 support ends in 2027 (Lambda runs 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The handler logs through Powertools; the bench reports unexpected errors itself.
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, out: { type: 'string', default: 'bench' } },
});
const quick = values.quick;

interface Figure {
  readonly id: number;
  readonly title: string;
  readonly floor: string;
  run(env: BenchEnvironment): Promise<{ rows: FigureRow[]; notes: string[] }> | { rows: FigureRow[]; notes: string[] };
}

const FIGURES: readonly Figure[] = [
  {
    id: 1,
    title: 'placeBet latency over HTTP, by open bets on the table',
    floor:
      'an empty GraphQL request ({ __typename }) through the same server with the same token, plus a bare TransactWriteItems of the items placeBet wrote, straight to DynamoDB Local',
    run: (env) => placeBetLatency(env, quick ? { layouts: [0, 10], samples: 3 } : { layouts: [0, 100, 1000, 10000], samples: 200 }),
  },
  {
    id: 2,
    title: 'settling a round of 1,000 and of 10,000 open bets',
    floor:
      "the same decided-bet writes (one per bet) and, per player, one credit and one journal, as bare transactions of 100 items each, at the round's parallelism (its parts x SETTLEMENT_CONCURRENCY in flight)",
    run: (env) =>
      roundSettlement(
        env,
        quick
          ? {
              rounds: [
                { bets: 20, players: 20 },
                { bets: 20, players: 2 },
              ],
              repetitions: 1,
            }
          : {
              rounds: [
                { bets: 1000, players: 1000 },
                { bets: 1000, players: 200 },
                { bets: 1000, players: 20 },
                { bets: 10000, players: 5000 },
              ],
              repetitions: 3,
            },
      ),
  },
  {
    id: 3,
    title: 'throughput at one table, concurrent clients',
    floor:
      'the same clients through the same server, each at a table of its own; beside it, bare transactions per second on disjoint items',
    run: (env) =>
      tableThroughput(
        env,
        quick
          ? {
              clients: [2],
              seconds: 0.1,
              repetitions: 1,
              bursts: { clients: [2], playersPerClient: 2, betsPerPlayer: 3, repetitions: 1 },
            }
          : {
              clients: [10, 50, 100],
              seconds: 4,
              repetitions: 3,
              bursts: { clients: [100, 500], playersPerClient: 3, betsPerPlayer: 5, repetitions: 1 },
            },
      ),
  },
  {
    id: 4,
    title: 'capacity units per bet lifecycle (placed, then settled)',
    floor: 'the minimum a data model with the same guarantees needs, stated in the notes',
    run: (env) => capacityPerBet(env, quick ? { bets: 5, fullLayout: 10 } : { bets: 100, fullLayout: 10000 }),
  },
  {
    id: 5,
    title: 'cold start of the GraphQL function',
    floor: 'a minimal Apollo-on-Lambda bundle, one resolver reading one item with the same DynamoDB client, built by the same bundling',
    run: (env) => coldStart(env, { runs: quick ? 1 : 41 }),
  },
  {
    id: 6,
    title: 'rules layer',
    floor: 'none (absolute targets)',
    run: () => rulesThroughput({ quick }),
  },
  {
    id: 7,
    title: "live delivery: one table's event to 1,000 subscribers",
    floor:
      'bare WebSocket sends of the same messages (the same text, in the same groups) from a plain ws server to as many plain ws clients on this machine, timed from the start of the sends to each reading',
    run: (env) => liveDelivery(env, quick ? { subscribers: 5, events: 3 } : { subscribers: 1000, events: 20 }),
  },
  {
    id: 8,
    title: "placeBet through a seamless partner's wallet",
    floor:
      "the partner's wallet (the reference wallet, over HTTP on this machine) answering the same signed debit alone, plus a transfer player's placeBet at the same table, side by side",
    run: (env) => seamlessPlaceBet(env, quick ? { samples: 3, crowd: 3 } : { samples: 200, crowd: 100 }),
  },
  {
    id: 9,
    title: 'the table page on a phone: its bytes, and the time to a usable bet form',
    floor:
      "a minimal page (one inline script) from the same origin through the same emulation (Chromium as a phone, CPU slowed 4x, Fast 3G, its latency on the WebSocket's frames too): the token read where the table page reads it, then graphql-ws's connection_init and connection_ack and one GraphQL read of the table and the balance, at once",
    run: (env) => clientLoad(env, quick ? { samples: 1, warmUp: false, cpuSlowdown: 1 } : { samples: 9, warmUp: true, cpuSlowdown: 4 }),
  },
  {
    id: 10,
    title: "one player's account asked many things at once, from as many Lambda instances",
    floor: 'the same deposits at once, each to an account of its own',
    run: (env) => busyAccount(env, { atOnce: quick ? 3 : 50 }),
  },
];

const only = values.only ? new Set(values.only.split(',').map(Number)) : undefined;
const startedAt = new Date().toISOString();
const started = performance.now();
const machineAtStart = machine();
const env = await startBenchEnvironment();
const figures: FigureResult[] = [];
process.stdout.write(
  `Benchmark on ${machineAtStart.cpus} cores, load average ${machineAtStart.loadAverageAtStart.join(' / ')}; DynamoDB Local ${env.dynamoEndpoint}, conflict model on.\n`,
);
try {
  for (const figure of FIGURES.filter((f) => !only || only.has(f.id))) {
    env.recorder.clear();
    const figureStarted = performance.now();
    const { rows, notes } = await figure.run(env);
    const result: FigureResult = {
      id: figure.id,
      title: figure.title,
      floor: figure.floor,
      rows,
      notes,
      loadAverage: loadAverage(),
      seconds: (performance.now() - figureStarted) / 1000,
    };
    figures.push(result);
    process.stdout.write(`${figureText(result)}\n`);
  }
} finally {
  await env.close();
}

if (env.unexpectedErrors.length > 0) {
  process.stderr.write(
    `\nThe handler logged ${env.unexpectedErrors.length} unexpected error(s); the first: ${String(env.unexpectedErrors[0])}\n`,
  );
  process.exitCode = 1;
}
const results: BenchResults = {
  startedAt,
  seconds: (performance.now() - started) / 1000,
  machine: machineAtStart,
  conflictModel: 'on',
  figures,
};
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(values.out, 'results.md'), summaryMarkdown(results));
process.stdout.write(
  `\nWrote ${join(values.out, 'results.json')} and ${join(values.out, 'results.md')} (${Math.round(results.seconds)} s).\n`,
);
