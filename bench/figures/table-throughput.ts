/**
 * Figure 3: bets accepted per second at one table from 10, 50 and 100 concurrent clients
 * (distinct players) betting as fast as they are answered for a bounded time, with real
 * DynamoDB's conflicts modelled, each request as if in a Lambda instance of its own (no turns
 * between requests: they meet every race many instances meet). The table is opened with the
 * most gate shards (512, as a table expecting that traffic would be); the same clients at a table
 * of the default 64 are measured beside it, to show what the shards buy. Floor: the same clients
 * through the same server, each at a table of its own (no two bets share a table); beside it,
 * bare transactions per second on disjoint items at the same concurrency (what DynamoDB Local
 * itself can do).
 * And two bursts of the last seconds of a betting window, from players new to the server, each
 * client a front end serving a few players in turn: one bet of a player at a time, and each
 * player's chips all at once. Floor: the same burst, each client's players at a table of its own.
 */
import { TransactWriteItemsCommand, type TransactWriteItemsInput } from '@aws-sdk/client-dynamodb';
import type { TransactionConflictModel } from '../../functions/store/kernel/conflict-model';
import { PLACE_BET, refusal, refusalOf, type BenchEnvironment, type GraphQLAnswer } from '../harness/bench-environment';
import { appliedTransactions } from '../harness/request-recorder';
import { floorTransaction } from '../harness/floor-transaction';
import { median, percentile, timed } from '../harness/statistics';
import { DEFAULT_BET_SHARDS, MAX_BET_SHARDS } from '../../functions/store/kernel/keys';
import { againstTarget, atLeastOfFloor, measured, type FigureRow } from '../harness/results';

export interface TableThroughputOptions {
  readonly clients: readonly number[];
  readonly seconds: number;
  readonly repetitions: number;
  readonly bursts: BurstOptions;
}

export interface BurstOptions {
  readonly clients: readonly number[];
  /** Players each client serves, one after the other; every player is new to the server. */
  readonly playersPerClient: number;
  /** Chips each player lays in the burst (FIELD 100 each). */
  readonly betsPerPlayer: number;
  readonly repetitions: number;
}

/**
 * How a client sends its players' chips. `in turn`: one bet at a time, its players' first bets
 * first (every player's first bet is their first at the server). `at once`: a player's chips all
 * together, as a front end sends the chips a player dropped, then the next player's.
 */
const BURSTS = ['in turn', 'at once'] as const;
type Burst = (typeof BURSTS)[number];

interface Run {
  readonly accepted: number;
  readonly attempts: number;
  readonly conflicts: number;
  readonly refusals: Record<string, number>;
  readonly perSecond: number;
  readonly latencies: number[];
  /** Transactions the conflict model refused during the run (each retried inside the request, or answered CONFLICT). */
  readonly modelRefusals: number;
  /** Transactions sent during the run, refused or not. */
  readonly modelTransactions: number;
}

/** At most this many of every 100 placement transactions may meet a conflict, at one table sized for its traffic. */
const MAX_REFUSED_PER_100 = 10;

export async function tableThroughput(env: BenchEnvironment, options: TableThroughputOptions) {
  const most = Math.max(...options.clients);
  const players = Array.from({ length: most }, (_, i) => `bench-client-${i}`);
  await env.fundPlayers(players, 1_000_000_000);
  const tokens = await Promise.all(players.map((player) => env.token(player)));

  // One placeBet per client at a table of its own, kept as the template of its bare transactions.
  const templates: TransactWriteItemsInput[] = [];
  for (const token of tokens) {
    const tableId = await env.openCrapsTable();
    const mark = env.recorder.mark();
    const answer = await env.graphql(token, PLACE_BET, { input: { tableId, type: 'FIELD', amount: 100 } });
    if (refusal(answer)) throw new Error(`placeBet refused: ${JSON.stringify(refusalOf(answer))}`);
    templates.push(appliedTransactions(env.recorder.since(mark))[0]!);
  }

  const results = new Map<string, Run[]>();
  const keep = (name: string, run: Run) => results.set(name, [...(results.get(name) ?? []), run]);
  for (let repetition = 0; repetition < options.repetitions; repetition++) {
    for (const clients of options.clients) {
      const oneTable = await env.openCrapsTable(MAX_BET_SHARDS);
      const defaultTable = await env.openCrapsTable(DEFAULT_BET_SHARDS);
      const ownTables = await Promise.all(tokens.slice(0, clients).map(() => env.openCrapsTable()));
      const runs: [string, () => Promise<Run>][] = [
        [`one ${clients}`, () => betFor(env, tokens.slice(0, clients), () => oneTable, options.seconds)],
        [`default ${clients}`, () => betFor(env, tokens.slice(0, clients), () => defaultTable, options.seconds)],
        [`own ${clients}`, () => betFor(env, tokens.slice(0, clients), (client) => ownTables[client]!, options.seconds)],
        [`bare ${clients}`, () => bareFor(env, templates.slice(0, clients), options.seconds)],
      ];
      // Alternate which runs first, so that neither always meets the other's aftermath.
      if (repetition % 2 === 1) runs.reverse();
      for (const [name, run] of runs) keep(name, await run());
    }
  }

  const rows: FigureRow[] = [];
  for (const clients of options.clients) {
    const [one, defaultShards, own, bare] = ['one', 'default', 'own', 'bare'].map((kind) => results.get(`${kind} ${clients}`)!);
    const perSecond = (runs: Run[]) => median(runs.map((run) => run.perSecond));
    const conflicts = one!.reduce((sum, run) => sum + run.conflicts, 0);
    const attempts = one!.reduce((sum, run) => sum + run.attempts, 0);
    const others = mergeCounts(one!.map((run) => run.refusals));
    const modelRefusals = one!.reduce((sum, run) => sum + run.modelRefusals, 0);
    const refusedPer100 = (runs: Run[]) => {
      const [refused, sent] = [sum(runs, (run) => run.modelRefusals), sum(runs, (run) => run.modelTransactions)];
      return { per100: sent === 0 ? 0 : (100 * refused) / sent, detail: `${refused} of ${sent} transactions` };
    };
    const [sized, asDefault] = [refusedPer100(one!), refusedPer100(defaultShards!)];
    rows.push(
      againstTarget(
        `transactions refused by the conflict model, one table of ${MAX_BET_SHARDS} shards, ${clients} clients`,
        sized.per100,
        'per 100 transactions',
        { max: MAX_REFUSED_PER_100 },
        sized.detail,
      ),
      measured(
        `transactions refused by the conflict model, one table of ${DEFAULT_BET_SHARDS} shards, ${clients} clients`,
        asDefault.per100,
        'per 100 transactions',
        `${asDefault.detail}; ${perSecond(defaultShards!).toFixed(0)} bets/s accepted; CONFLICT answers: ${sum(defaultShards!, (run) => run.conflicts)}`,
      ),
      atLeastOfFloor(
        `accepted bets/s at one table, ${clients} clients`,
        perSecond(one!),
        perSecond(own!),
        'bets/s',
        0.8,
        `floor: each client at a table of its own`,
      ),
      againstTarget(
        `CONFLICT answers, ${clients} clients`,
        (100 * conflicts) / attempts,
        'per 100 attempts',
        { max: 0 },
        `${Object.keys(others).length > 0 ? `all refusals: ${JSON.stringify(others)}; ` : ''}transactions the conflict model refused: ${modelRefusals} in ${attempts} attempts`,
      ),
      p99Row(`${clients} clients`, one!, own!),
      measured(`bare transactions/s on disjoint items, ${clients} clients`, perSecond(bare!), 'tx/s'),
    );
  }
  rows.push(...(await bursts(env, options.bursts)));
  const { clients: burstClients, playersPerClient, betsPerPlayer } = options.bursts;
  const notes = [
    `Each run lasts ${options.seconds} s (clients start no bet after it; the rate counts until the last answer); ${options.repetitions} run(s) per case, medians. Every client bets FIELD 100 and bets again the moment it is answered, whatever the answer. Each request runs as in a Lambda instance of its own: no turns between requests (services/kernel/turns.ts), so every bet of two players of one shard at the same moment races. Refused per 100 transactions: the conflict model's refusals over the placement transactions it saw (first attempts and resends).`,
    'The clients run in the bench process, beside the server: on 2 cores they share the machine with it and DynamoDB Local, in the floor as in the measure.',
    `Bursts: ${burstClients.join(' and ')} clients, each serving ${playersPerClient} players new to the server, ${betsPerPlayer} chips of FIELD 100 each (${burstClients.map((n) => (n * playersPerClient * betsPerPlayer).toLocaleString('en-US')).join(' and ')} bets); "in turn": a client sends one bet at a time, its players' first bets first; "at once": a client sends a player's ${betsPerPlayer} chips together, then the next player's. Rate: bets accepted over the burst's whole time, first request to last answer; ${options.bursts.repetitions} run(s) per case, medians; floor: the same burst with each client's players at a table of its own. The bursts run through one server process as \`npm start\` does (a player's chips at once take turns there), at a table of the default 64 shards.`,
  ];
  return { rows, notes };
}

/** Both bursts at each number of clients, at one table and (the floor) each client at a table of its own. */
async function bursts(env: BenchEnvironment, options: BurstOptions): Promise<FigureRow[]> {
  const results = new Map<string, Run[]>();
  const keep = (name: string, run: Run) => results.set(name, [...(results.get(name) ?? []), run]);
  let fresh = 0;
  for (let repetition = 0; repetition < options.repetitions; repetition++) {
    for (const clients of options.clients) {
      for (const burst of BURSTS) {
        const runs: [string, () => Promise<Run>][] = (['one', 'own'] as const).map((where) => [
          `${where} ${burst} ${clients}`,
          async () => {
            // Players nobody has seen: their first bet reads their (empty) position at the table.
            const players = Array.from({ length: clients }, () =>
              Array.from({ length: options.playersPerClient }, () => `bench-burst-${fresh++}`),
            );
            await env.fundPlayers(players.flat(), 1_000_000_000);
            const tokens = await Promise.all(players.map((own) => Promise.all(own.map((player) => env.token(player)))));
            const tables = where === 'one' ? Array(clients).fill(await env.openCrapsTable()) : await openTables(env, clients);
            return burstAt(env, burst, tokens, tables, options.betsPerPlayer);
          },
        ]);
        if (repetition % 2 === 1) runs.reverse();
        for (const [name, run] of runs) keep(name, await run());
      }
    }
  }
  const rows: FigureRow[] = [];
  for (const clients of options.clients) {
    for (const burst of BURSTS) {
      const [one, own] = (['one', 'own'] as const).map((where) => results.get(`${where} ${burst} ${clients}`)!);
      const bets = clients * options.playersPerClient * options.betsPerPlayer;
      const label = `burst of ${bets.toLocaleString('en-US')} bets, players' chips ${burst}, ${clients} clients`;
      const others = mergeCounts(one!.map((run) => run.refusals));
      const attempts = one!.reduce((sum, run) => sum + run.attempts, 0);
      rows.push(
        atLeastOfFloor(
          `accepted bets/s at one table, ${label}`,
          median(one!.map((run) => run.perSecond)),
          median(own!.map((run) => run.perSecond)),
          'bets/s',
          0.8,
          "floor: each client's players at a table of its own",
        ),
        againstTarget(
          `CONFLICT answers, ${label}`,
          one!.reduce((sum, run) => sum + run.conflicts, 0),
          `in ${attempts.toLocaleString('en-US')} bets`,
          { max: 0 },
          `${Object.keys(others).length > 0 ? `all refusals: ${JSON.stringify(others)}; ` : ''}transactions the conflict model refused: ${one!.reduce((sum, run) => sum + run.modelRefusals, 0)}; floor's CONFLICT answers: ${own!.reduce((sum, run) => sum + run.conflicts, 0)}`,
        ),
        p99Row(label, one!, own!),
      );
    }
  }
  return rows;
}

/** `count` tables, ten at a time: DynamoDB Local times out a lock when hundreds of tables (66 items each) are opened at once. */
async function openTables(env: BenchEnvironment, count: number): Promise<string[]> {
  const tables: string[] = [];
  while (tables.length < count) {
    tables.push(...(await Promise.all(Array.from({ length: Math.min(10, count - tables.length) }, () => env.openCrapsTable()))));
  }
  return tables;
}

/** Client i sends the chips of its players (tokens[i]) at tables[i], the burst's way; all clients at once. */
async function burstAt(
  env: BenchEnvironment,
  burst: Burst,
  tokens: readonly (readonly string[])[],
  tables: readonly string[],
  betsPerPlayer: number,
): Promise<Run> {
  const answers: GraphQLAnswer[] = [];
  const before = env.conflictModel.stats;
  const chip = async (token: string, tableId: string) =>
    answers.push(await env.graphql(token, PLACE_BET, { input: { tableId, type: 'FIELD', amount: 100 } }));
  const { ms } = await timed(() =>
    Promise.all(
      tokens.map(async (players, client) => {
        const tableId = tables[client]!;
        if (burst === 'in turn') {
          for (let bet = 0; bet < betsPerPlayer; bet++) for (const token of players) await chip(token, tableId);
        } else {
          for (const token of players) await Promise.all(Array.from({ length: betsPerPlayer }, () => chip(token, tableId)));
        }
      }),
    ),
  );
  return runOf(env, answers, ms, before);
}

/** The p99 of placeBet at one table, beside the same at the clients' own tables. */
const p99Row = (label: string, one: readonly Run[], own: readonly Run[]) =>
  measured(
    `placeBet p99 at one table, ${label}`,
    percentile(
      one.flatMap((run) => run.latencies),
      99,
    ),
    'ms',
    `own tables: ${percentile(
      own.flatMap((run) => run.latencies),
      99,
    ).toFixed(0)} ms`,
  );

/** What a run's answers add up to: accepted bets, refusals by code, and what the conflict model saw since `before`. */
function runOf(env: BenchEnvironment, answers: readonly GraphQLAnswer[], ms: number, before: TransactionConflictModel['stats']): Run {
  const refusals: Record<string, number> = {};
  for (const answer of answers) {
    const code = refusal(answer);
    if (code) refusals[code] = (refusals[code] ?? 0) + 1;
  }
  const accepted = answers.length - Object.values(refusals).reduce((a, b) => a + b, 0);
  return {
    accepted,
    attempts: answers.length,
    conflicts: refusals.CONFLICT ?? 0,
    refusals,
    perSecond: accepted / (ms / 1000),
    latencies: answers.map((answer) => answer.ms),
    modelRefusals: env.conflictModel.stats.refusedTransactions - before.refusedTransactions,
    modelTransactions: env.conflictModel.stats.transactions - before.transactions,
  };
}

/** `clients` players bet in a loop for `seconds`, client i at tableFor(i). */
async function betFor(
  env: BenchEnvironment,
  tokens: readonly string[],
  tableFor: (client: number) => string,
  seconds: number,
): Promise<Run> {
  const answers: GraphQLAnswer[] = [];
  const before = env.conflictModel.stats;
  const deadline = performance.now() + seconds * 1000;
  const { ms } = await timed(() =>
    Promise.all(
      tokens.map(async (token, client) => {
        while (performance.now() < deadline) {
          answers.push(
            await env.graphql(
              token,
              PLACE_BET,
              { input: { tableId: tableFor(client), type: 'FIELD', amount: 100 } },
              { asInstances: true },
            ),
          );
        }
      }),
    ),
  );
  return runOf(env, answers, ms, before);
}

/** Each of the templates' clients sends its bare transaction in a loop for `seconds`: items never shared. */
async function bareFor(env: BenchEnvironment, templates: readonly TransactWriteItemsInput[], seconds: number): Promise<Run> {
  let sent = 0;
  const deadline = performance.now() + seconds * 1000;
  const { ms } = await timed(() =>
    Promise.all(
      templates.map(async (template, client) => {
        while (performance.now() < deadline) {
          await env.bare.send(new TransactWriteItemsCommand(floorTransaction(template, `throughput-${client}-${sent++}`)));
        }
      }),
    ),
  );
  return {
    accepted: sent,
    attempts: sent,
    conflicts: 0,
    refusals: {},
    perSecond: sent / (ms / 1000),
    latencies: [],
    modelRefusals: 0,
    modelTransactions: sent,
  };
}

const sum = <T>(items: readonly T[], of: (item: T) => number): number => items.reduce((total, item) => total + of(item), 0);

function mergeCounts(counts: readonly Record<string, number>[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const count of counts) for (const [key, n] of Object.entries(count)) merged[key] = (merged[key] ?? 0) + n;
  return merged;
}
