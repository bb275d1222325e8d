/**
 * Figure 1: how long placeBet takes over HTTP through the handler, at a table holding 0, 100
 * and (as many as the table takes, up to) 1,000 open bets, and how many DynamoDB requests it
 * makes. Floor: an empty GraphQL request through the same server with the same token, plus a
 * bare TransactWriteItems of the items placeBet's own transaction wrote, straight to DynamoDB.
 */
import type { TransactWriteItemsInput } from '@aws-sdk/client-dynamodb';
import { TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { MAX_OPEN_BETS_PER_TABLE } from '../../functions/store/betting/gates';
import { PLACE_BET, TAKE_DOWN_BET, refusal, refusalOf, type BenchEnvironment } from '../harness/bench-environment';
import { appliedTransactions, countByCommand } from '../harness/request-recorder';
import { floorTransaction } from '../harness/floor-transaction';
import { interleaved, median, percentile, timed } from '../harness/statistics';
import { againstFloor, againstTarget, measured, type FigureRow } from '../harness/results';

export interface PlaceBetLatencyOptions {
  readonly layouts: readonly number[];
  readonly samples: number;
}

const PLAYER = 'bench-latency-player';
/** Players who bet once each, for a player's first bet at a table in this server (its own bets read). */
const newcomer = (table: number, sample: number) => `bench-newcomer-${table}-${sample}`;

export async function placeBetLatency(env: BenchEnvironment, options: PlaceBetLatencyOptions) {
  // A table takes at most MAX_OPEN_BETS_PER_TABLE bets: the bet measured must still fit.
  const layouts = options.layouts.map((n) => Math.min(n, MAX_OPEN_BETS_PER_TABLE - 1));
  const seedPlayers = Array.from({ length: Math.max(...layouts) }, (_, i) => `bench-layout-${i}`);
  await env.fundPlayers([PLAYER], 1_000_000_000);
  await env.fundPlayers(seedPlayers, 1_000_000);
  await env.fundPlayers(
    layouts.flatMap((_, t) => Array.from({ length: options.samples }, (_, i) => newcomer(t, i))),
    1_000,
  );
  const token = await env.token(PLAYER);

  const tables = await Promise.all(
    layouts.map(async (size) => {
      const tableId = await env.openCrapsTable();
      await env.seedBets(
        tableId,
        seedPlayers.slice(0, size).map((playerId) => ({ playerId, type: 'FIELD', amount: 100 })),
      );
      return {
        size,
        tableId,
        bet: [] as number[],
        first: [] as number[],
        empty: [] as number[],
        bare: [] as number[],
        requests: [] as string[],
        firstRequests: [] as string[],
      };
    }),
  );

  /** Places the measured bet, then takes it down (untimed) so the layout stays the size it is. */
  const placeOnce = async (table: (typeof tables)[number], as = token) => {
    const mark = env.recorder.mark();
    const answer = await env.graphql(as, PLACE_BET, { input: { tableId: table.tableId, type: 'FIELD', amount: 100 } });
    if (refusal(answer)) throw new Error(`placeBet refused: ${JSON.stringify(refusalOf(answer))}`);
    const sent = env.recorder.since(mark);
    const takenDown = await env.graphql(as, TAKE_DOWN_BET, { id: answer.data!.placeBet.bet.id });
    if (refusal(takenDown)) throw new Error(`takeDownBet refused: ${JSON.stringify(refusalOf(takenDown))}`);
    return { ms: answer.ms, sent };
  };

  // Warm up, and keep the transaction placeBet sends at each table: the floor writes the same items.
  const templates = new Map<string, TransactWriteItemsInput>();
  for (const table of tables) {
    for (let i = 0; i < 5; i++) {
      const { sent } = await placeOnce(table);
      templates.set(table.tableId, appliedTransactions(sent)[0]!);
    }
  }

  let scratch = 0;
  const newcomers = tables.map(() => 0);
  // Every table's measurements in one rotation, so that a noisy moment falls on all alike.
  await interleaved(
    options.samples,
    tables.flatMap((table, t) => [
      async () => {
        const { ms, sent } = await placeOnce(table);
        table.bet.push(ms);
        table.requests.push(JSON.stringify(countByCommand(sent)));
      },
      async () => {
        // A player new to this server: the bet reads the player's own bets first.
        const { ms, sent } = await placeOnce(table, await env.token(newcomer(t, newcomers[t]!++)));
        table.first.push(ms);
        table.firstRequests.push(JSON.stringify(countByCommand(sent)));
      },
      async () => {
        table.empty.push((await env.graphql(token, '{ __typename }')).ms);
      },
      async () => {
        const bare = new TransactWriteItemsCommand(floorTransaction(templates.get(table.tableId)!, `latency-${scratch++}`));
        table.bare.push((await timed(() => env.bare.send(bare))).ms);
      },
    ]),
  );

  const rows: FigureRow[] = [];
  for (const table of tables) {
    // Each sample of the floor: one empty request and one bare transaction, taken side by side.
    const floor = table.empty.map((ms, i) => ms + table.bare[i]!);
    const at = `${table.size} open bets`;
    const [p50, p99] = [median(table.bet), percentile(table.bet, 99)];
    rows.push(
      againstFloor(`placeBet p50, ${at}`, p50, median(floor), 'ms', 1.3),
      againstFloor(`placeBet p99, ${at}`, p99, percentile(floor, 99), 'ms', 1.5),
      measured(`floor parts p50, ${at}`, median(table.empty), 'ms', `empty request; bare transaction ${median(table.bare).toFixed(2)} ms`),
      againstFloor(`placeBet p50 against the bare transaction alone, ${at}`, p50, median(table.bare), 'ms'),
      measured(`DynamoDB requests per placeBet, ${at}`, requestCount(mostCommon(table.requests)), 'requests', mostCommon(table.requests)),
      againstFloor(
        `placeBet p50, a player's first bet at the table in this server, ${at}`,
        median(table.first),
        median(floor),
        'ms',
        undefined,
        `${requestCount(mostCommon(table.firstRequests))} requests: ${mostCommon(table.firstRequests)}`,
      ),
    );
  }
  const [first, last] = [tables[0]!, tables[tables.length - 1]!];
  rows.push(
    againstTarget(
      `placeBet p50 at ${last.size} open bets / at ${first.size}`,
      median(last.bet) / median(first.bet),
      'x',
      { max: 1.1 },
      'flat in the number of open bets',
    ),
  );
  const notes = [
    `${options.samples} samples per table, all tables' measurements interleaved; each measured bet (FIELD 100) is taken down again, untimed, so the layout keeps its size.`,
    `The measured player bets again and again at each table, as a player lays chips in a betting window: the server placed (or took down) the player's last bet there this round, so it validates the next one against the player's bets as that left them, with no read (docs/DATA-MODEL.md). A player's first bet at a table in a server reads the player's own bets first: measured apart, each sample a player new to the server.`,
    `The bare transaction rewrites the items placeBet's own transaction wrote (${describeTransaction(templates.get(first.tableId)!)}).`,
  ];
  if (layouts.some((size, i) => size !== options.layouts[i])) {
    notes.push(
      `A table takes at most ${MAX_OPEN_BETS_PER_TABLE} open bets, so the largest layout measured holds ${MAX_OPEN_BETS_PER_TABLE - 1} and the bet measured is the last it takes.`,
    );
  }
  return { rows, notes };
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

const requestCount = (breakdown: string): number =>
  Object.values(JSON.parse(breakdown) as Record<string, number>).reduce((a, b) => a + b, 0);

/** `Update TABLE, Update ACCOUNT, Put BET`: the kind of each action and the item kind it names. */
export function describeTransaction(transaction: TransactWriteItemsInput): string {
  return (transaction.TransactItems ?? [])
    .map((action) => {
      const [kind, body] = Object.entries(action).find(([, value]) => value !== undefined)! as [string, { Key?: any; Item?: any }];
      const key = body.Key ?? body.Item;
      const sk = String(key?.sk?.S ?? '');
      return `${kind} ${sk.split('#')[0]}`;
    })
    .join(', ');
}
