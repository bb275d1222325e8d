/**
 * Craps rules benchmark: how fast `settleRoll` decides a realistic layout, and how long the exact
 * report takes. Printed by bench/rules.ts (npm run bench:rules); figure 6 of npm run bench.
 *
 * A seeded table is played first to record realistic layouts (seven players with line bets
 * and full odds, come bets with odds, field, hardways, Big 6/8 and props); then only the
 * settlement of those recorded layouts is timed, on one core.
 */
import {
  initialCrapsState,
  makeCrapsOptions,
  settleRoll,
  isDecided,
  type CrapsBet,
  type CrapsBetType,
  type CrapsTableOptions,
  type CrapsTableState,
  type Roll,
} from '../functions/rules/craps';
import { seededDice } from '../functions/rules/craps/seeded-dice';
import { crapsReport } from '../functions/rules/craps/report/craps-report';

interface Snapshot {
  readonly state: CrapsTableState;
  readonly bets: readonly CrapsBet[];
  readonly roll: Roll;
}

const PLAYERS = 7;
const RECORDED_ROLLS = 20_000;
const PROPS: readonly CrapsBetType[][] = [
  ['FIELD', 'HARD_6', 'HARD_8'],
  ['BIG_6', 'BIG_8'],
  ['ANY_CRAPS', 'HORN', 'ANY_SEVEN'],
  ['HARD_4', 'HARD_10', 'FIELD'],
  ['BIG_5', 'BIG_9', 'ELEVEN'],
  ['SMALL', 'BIG', 'ACES', 'BOXCARS', 'ACE_DEUCE'],
  ['BIG_4', 'BIG_10', 'HARD_6'],
];

export interface CrapsRulesFigures {
  readonly betsPerRoll: number;
  readonly rollsPerSecond: number;
  readonly resolutionsPerSecond: number;
  /** Seconds the exact report takes (median of 5 after a first run), by what the 12 pays on the Field. */
  readonly reportSeconds: Readonly<Record<2 | 3, number>>;
}

/** `quick`: settle for a fifth of a second instead of a second and a half (the bench's own check that it runs). */
export function measure({ quick = false }: { quick?: boolean } = {}): CrapsRulesFigures {
  const options = makeCrapsOptions({ minimum: 100, maximum: 1_000_000 });
  const snapshots = recordTable(options, RECORDED_ROLLS, 20260101);
  const betsPerRoll = snapshots.reduce((n, s) => n + s.bets.length, 0) / snapshots.length;
  const settle = timeIt(
    snapshots,
    (s) => settleRoll(s.state, options, s.bets, s.roll).resolutions.length,
    quick ? 200_000_000n : 1_500_000_000n,
  );
  const reportSeconds = (field12Pays: 2 | 3) => {
    const table = makeCrapsOptions({ minimum: 100, maximum: 1_000_000, field12Pays });
    crapsReport(table);
    const times = Array.from({ length: 5 }, () => {
      const start = performance.now();
      crapsReport(table);
      return (performance.now() - start) / 1000;
    }).sort((a, b) => a - b);
    return times[2]!;
  };
  return {
    betsPerRoll,
    rollsPerSecond: settle.iterations / settle.seconds,
    resolutionsPerSecond: settle.work / settle.seconds,
    reportSeconds: { 2: reportSeconds(2), 3: reportSeconds(3) },
  };
}

export function run(): void {
  const figures = measure();
  const out = process.stdout;
  out.write(
    `layouts recorded: ${RECORDED_ROLLS} rolls, ${figures.betsPerRoll.toFixed(1)} open bets per roll on average (${PLAYERS} players)\n`,
  );
  out.write(`rolls settled per second:       ${format(figures.rollsPerSecond)}\n`);
  out.write(`bet resolutions per second:     ${format(figures.resolutionsPerSecond)}\n`);
  out.write(`exact report, Field 12 pays 2:1: ${figures.reportSeconds[2].toFixed(4)} s; 3:1: ${figures.reportSeconds[3].toFixed(4)} s\n`);
}

/** Plays a seeded table: every player keeps a line bet with full odds, a come bet with odds, and their props up. */
function recordTable(options: CrapsTableOptions, rolls: number, seed: number): Snapshot[] {
  const roll = seededDice(seed);
  let state = initialCrapsState();
  let bets: CrapsBet[] = [];
  let nextId = 0;
  const snapshots: Snapshot[] = [];
  const place = (playerId: string, type: CrapsBetType, amount: number, base?: CrapsBet): void => {
    bets.push({ id: `b${nextId++}`, playerId, type, amount, number: base?.number ?? null, baseBetId: base?.id ?? null });
  };
  for (let r = 0; r < rolls; r++) {
    for (let p = 0; p < PLAYERS; p++) {
      const player = `p${p}`;
      const mine = bets.filter((bet) => bet.playerId === player);
      const has = (type: CrapsBetType, pred: (bet: CrapsBet) => boolean = () => true): CrapsBet | undefined =>
        mine.find((bet) => bet.type === type && pred(bet));
      const line: CrapsBetType = p % 3 === 2 ? 'DONT_PASS' : 'PASS_LINE';
      if (state.phase === 'COME_OUT' && !has(line)) place(player, line, 1000);
      const lineBet = has(line);
      const lineOdds: CrapsBetType = line === 'PASS_LINE' ? 'PASS_ODDS' : 'DONT_PASS_ODDS';
      if (state.phase === 'POINT' && lineBet && !mine.some((bet) => bet.baseBetId === lineBet.id)) {
        place(player, lineOdds, 3000, lineBet);
      }
      const come: CrapsBetType = p % 3 === 2 ? 'DONT_COME' : 'COME';
      if (state.phase === 'POINT' && !has(come)) place(player, come, 500);
      const comeBet = has(come, (bet) => bet.number != null);
      if (comeBet && !mine.some((bet) => bet.baseBetId === comeBet.id)) {
        place(player, come === 'COME' ? 'COME_ODDS' : 'DONT_COME_ODDS', 1500, comeBet);
      }
      for (const prop of PROPS[p % PROPS.length]!) if (!has(prop)) place(player, prop, prop === 'HORN' ? 400 : 600);
    }
    const dice = { kind: 'DICE', dice: roll() } as const;
    snapshots.push({ state, bets: [...bets], roll: dice });
    const settled = settleRoll(state, options, bets, dice);
    bets = bets.flatMap((bet, i) => {
      const resolution = settled.resolutions[i]!;
      if (isDecided(resolution)) return [];
      return resolution.outcome === 'MOVED' ? [{ ...bet, number: resolution.number }] : [bet];
    });
    state = settled.state;
  }
  return snapshots;
}

/** Runs the recorded work round and round for about a second after a warm-up; counts rolls and resolutions. */
function timeIt(
  snapshots: readonly Snapshot[],
  settle: (s: Snapshot) => number,
  nanoseconds: bigint,
): { iterations: number; work: number; seconds: number } {
  let sink = 0;
  for (let i = 0; i < snapshots.length * 5; i++) sink += settle(snapshots[i % snapshots.length]!);
  let iterations = 0;
  let work = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < nanoseconds) {
    for (const snapshot of snapshots) work += settle(snapshot);
    iterations += snapshots.length;
    elapsed = process.hrtime.bigint() - start;
  }
  if (sink < 0) throw new Error('unreachable: keeps the warm-up from being optimised away');
  return { iterations, work, seconds: Number(elapsed) / 1e9 };
}

const format = (n: number): string => Math.round(n).toLocaleString('en-US');
