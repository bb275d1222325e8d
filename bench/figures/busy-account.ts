/**
 * Figure 10: one player's account asked many things at once, each request as in a Lambda instance
 * of its own (no turns between them: every race real DynamoDB would refuse is refused, the
 * conflict model on). Deposits, then withdrawals; then protection changes racing the player's own
 * bets, and a time-out and a self-exclusion racing more. None of those changes may be answered
 * CONFLICT (a player who asked to stop is never told to try again); the bets may lose their races.
 * Floor: the same deposits at once, each to an account of its own.
 */
import {
  PLACE_BET,
  operatorToken,
  raced,
  refusal,
  tally,
  type BenchEnvironment,
  type GraphQLAnswer,
  type Raced,
} from '../harness/bench-environment';
import { againstFloor, againstTarget, type FigureRow } from '../harness/results';
import { timed } from '../harness/statistics';

export interface BusyAccountOptions {
  /** Deposits, withdrawals and protection changes (the time-out and self-exclusion among them), each at once. */
  readonly atOnce: number;
}

const DEPOSIT = 'mutation ($input: DepositInput!) { deposit(input: $input) { account { balance } userErrors { code message } } }';
const WITHDRAW = 'mutation ($input: WithdrawInput!) { withdraw(input: $input) { account { balance } userErrors { code message } } }';
const BLOCK = 'mutation ($input: BlockPlayerInput!) { blockPlayer(input: $input) { protection { mayPlay } userErrors { code message } } }';
const UNBLOCK =
  'mutation ($input: UnblockPlayerInput!) { unblockPlayer(input: $input) { protection { mayPlay } userErrors { code message } } }';
const SET_LIMIT = 'mutation ($input: SetLimitInput!) { setLimit(input: $input) { protection { playerId } userErrors { code message } } }';
const TIME_OUT = 'mutation { takeTimeOut(input: { hours: 24 }) { protection { mayPlay } userErrors { code message } } }';
const SELF_EXCLUDE = 'mutation { selfExclude(input: { months: 6 }) { protection { mayPlay } userErrors { code message } } }';
const BALANCE = '{ me { balance } }';

const CASH = 1_000;
const STAKE = 100;
const BANKROLL = 1_000_000;
/** What a bet racing the changes may be answered: placed, a race lost, or a restriction's refusal. */
const BET_ANSWERS = new Set([undefined, 'CONFLICT', 'PLAYER_BLOCKED', 'PLAYER_TIMED_OUT', 'PLAYER_SELF_EXCLUDED']);
const AS_INSTANCES = { asInstances: true } as const;

export async function busyAccount(env: BenchEnvironment, { atOnce }: BusyAccountOptions) {
  const operator = await operatorToken(env);
  const cash = (mutation: string, playerId: string, reference: string) =>
    env.graphql(operator, mutation, { input: { playerId, amount: CASH, reference } }, AS_INSTANCES);
  const balanceOf = async (playerId: string) => (await env.graphql(await env.token(playerId), BALANCE)).data!.me.balance as number;

  // The cashier: deposits at once to one account, beside the same deposits to an account each.
  const floorPlayers = Array.from({ length: atOnce }, (_, i) => `busy-floor-${i}`);
  await env.fundPlayers(['busy-cash', 'busy-warm-up', ...floorPlayers], 1);
  await cash(DEPOSIT, 'busy-warm-up', 'warm-up'); // the server's first deposit, untimed
  const floor = await timed(() => Promise.all(floorPlayers.map((playerId, i) => cash(DEPOSIT, playerId, `floor-in-${i}`))));
  const deposits = await raced(env, () => Promise.all(floorPlayers.map((_, i) => cash(DEPOSIT, 'busy-cash', `busy-in-${i}`))));
  const afterDeposits = await balanceOf('busy-cash');
  const withdrawals = await raced(env, () => Promise.all(floorPlayers.map((_, i) => cash(WITHDRAW, 'busy-cash', `busy-out-${i}`))));
  const cashOff = Math.abs(afterDeposits - (1 + atOnce * CASH)) + Math.abs((await balanceOf('busy-cash')) - 1);

  // Protection: an operator's blocks and lifts and the player's own limits, racing the player's bets;
  // then the time-out and the self-exclusion, racing more.
  const player = 'busy-protection';
  await env.fundPlayers([player], BANKROLL);
  const token = await env.token(player);
  const tables = [await env.openCrapsTable(), await env.openCrapsTable()];
  const bet = (tableId: string) => env.graphql(token, PLACE_BET, { input: { tableId, type: 'FIELD', amount: STAKE } }, AS_INSTANCES);
  const betsPerTable = Math.max(1, Math.round(atOnce / 5));
  const protection = await raced(env, async () => {
    const changes = Array.from({ length: atOnce - 2 }, (_, i) =>
      i % 3 === 0
        ? env.graphql(operator, BLOCK, { input: { playerId: player, reason: `check ${i}` } }, AS_INSTANCES)
        : i % 3 === 1
          ? env.graphql(operator, UNBLOCK, { input: { playerId: player, reason: `checked ${i}` } }, AS_INSTANCES)
          : env.graphql(token, SET_LIMIT, { input: { kind: 'STAKE', period: 'DAY', amount: 10_000_000 - i } }, AS_INSTANCES),
    );
    const bets = tables.flatMap((tableId) => Array.from({ length: betsPerTable }, () => bet(tableId)));
    const changed = await Promise.all(changes);
    const lateBets = tables.map(bet);
    const restricted = await Promise.all([
      env.graphql(token, TIME_OUT, {}, AS_INSTANCES),
      env.graphql(token, SELF_EXCLUDE, {}, AS_INSTANCES),
    ]);
    return { changes: [...changed, ...restricted], bets: await Promise.all([...bets, ...lateBets]) };
  });
  const betCodes = protection.result.bets.map(refusal);
  const placed = betCodes.filter((code) => code === undefined).length;
  if (refusal(await bet(tables[0]!)) !== 'PLAYER_SELF_EXCLUDED') throw new Error('a bet after the self-exclusion was not refused for it');
  const protectionOff = Math.abs((await balanceOf(player)) - (BANKROLL - placed * STAKE));

  const rows: FigureRow[] = [
    conflictRow(`${atOnce} deposits at once to one account`, deposits),
    conflictRow(`${atOnce} withdrawals at once from it`, withdrawals),
    againstFloor(
      `all ${atOnce} deposits answered: one account / an account each`,
      deposits.ms,
      floor.ms,
      'ms',
      undefined,
      'no target: one account takes one transaction at a time',
    ),
    conflictRow(`${atOnce} protection changes at once, racing ${betCodes.length} of the player's bets`, {
      ...protection,
      result: protection.result.changes,
    }),
    againstTarget(
      "bets answered other than placed, a race lost or a restriction's refusal",
      betCodes.filter((code) => !BET_ANSWERS.has(code)).length,
      'answers',
      { max: 0 },
      `${placed} placed; ${tally(betCodes.filter((code) => code !== undefined))}`,
    ),
    againstTarget('balances off what the answers say moved', cashOff + protectionOff, 'minor units', { max: 0 }),
  ];
  return {
    rows,
    notes: [
      `Each request as in a Lambda instance of its own: ${atOnce} deposits of ${CASH} at once to one account (the floor: the same deposits, each to an account of its own), then ${atOnce} withdrawals at once from it; then ${atOnce - 2} blocks, lifts and stake limits at once with ${2 * betsPerTable} FIELD bets at two tables, and a time-out and a self-exclusion at once with two more bets.`,
      '`npm test` runs the same races with 16 (`test/api/protection/busy-account.test.ts`).',
    ],
  };
}

function conflictRow(what: string, { result, refused, sent }: Raced<readonly GraphQLAnswer[]>): FigureRow {
  const codes = result.map(refusal);
  const others = codes.filter((code) => code !== undefined && code !== 'CONFLICT');
  return againstTarget(
    `CONFLICT answers, ${what}`,
    codes.filter((code) => code === 'CONFLICT').length,
    'answers',
    { max: 0 },
    `${refused} of ${sent} transactions refused by the conflict model, each sent again${others.length > 0 ? `; other refusals: ${tally(others)}` : ''}`,
  );
}
