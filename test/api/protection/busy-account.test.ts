/**
 * What is asked of one player's account at once from many Lambda instances (each request here
 * runs as in an instance of its own: no turns between them, every race real DynamoDB would
 * refuse is refused, the conflict model on) is all taken, never answered CONFLICT: 16 deposits,
 * 16 withdrawals, 16 protection changes racing the player's own bets (which may still lose). A player who asked to stop
 * is never told to try again, and the money adds up to the unit. The same races with 50 of each are
 * figure 10 of `npm run bench`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dealer, refusalCode, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi({ instancePerRequest: true });
afterAll(() => api.expectReconciled());

const OPERATOR = dealer('busy-operator');
const AT_ONCE = 16;
const BETS_PER_TABLE = 4;
const DEPOSIT = `mutation ($input: DepositInput!) { deposit(input: $input) { account { balance } userErrors { code message } } }`;
const WITHDRAW = `mutation ($input: WithdrawInput!) { withdraw(input: $input) { account { balance } userErrors { code message } } }`;
const BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;
const TIME_OUT = `mutation ($input: TakeTimeOutInput!) { takeTimeOut(input: $input) { protection { mayPlay } userErrors { code message } } }`;
const BLOCK = `mutation ($input: BlockPlayerInput!) { blockPlayer(input: $input) { protection { mayPlay } userErrors { code message } } }`;
const UNBLOCK = `mutation ($input: UnblockPlayerInput!) { unblockPlayer(input: $input) { protection { mayPlay } userErrors { code message } } }`;
const SET_LIMIT = `mutation ($input: SetLimitInput!) { setLimit(input: $input) { protection { playerId } userErrors { code message } } }`;

const codesOf = (answers: readonly GraphQLResponse[]) => answers.map(refusalCode);
const cash = (mutation: string, playerId: string, amount: number, reference: string) =>
  api.graphql(OPERATOR, mutation, { input: { playerId, amount, reference } });

describe(`one player's account, asked ${AT_ONCE} things at once from ${AT_ONCE} instances`, () => {
  it('takes every deposit, then every withdrawal: no CONFLICT, each moved once', async () => {
    const player = 'busy-cash';
    await api.fundAccount(player, 1);
    const before = api.conflictModel.stats.refusedTransactions;
    const deposits = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => cash(DEPOSIT, player, 1_000, `busy-in-${i}`)));
    expect(codesOf(deposits)).toEqual(Array(AT_ONCE).fill(undefined));
    expect(await api.balance(player)).toBe(1 + AT_ONCE * 1_000);
    const withdrawals = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => cash(WITHDRAW, player, 1_000, `busy-out-${i}`)));
    expect(codesOf(withdrawals)).toEqual(Array(AT_ONCE).fill(undefined));
    expect(await api.balance(player)).toBe(1);
    // They did race (the conflict model refused some of their transactions): each was sent again until it landed.
    expect(api.conflictModel.stats.refusedTransactions).toBeGreaterThan(before);
  });

  it("takes every protection change racing the player's bets: no CONFLICT, and no bet lands after the time-out", async () => {
    const player = 'busy-protection';
    await api.fundAccount(player, 1_000_000);
    const tables = [await api.openTable(), await api.openTable()];
    const bets = tables.flatMap((tableId) =>
      Array.from({ length: BETS_PER_TABLE }, () => api.graphql(player, BET, { input: { tableId, type: 'FIELD', amount: 100 } })),
    );
    // An operator's blocks and lifts and limits, and the player's own stake limits, 14 changes at once with the bets.
    const changes = Array.from({ length: AT_ONCE - 2 }, (_, i) =>
      i % 3 === 0
        ? api.graphql(OPERATOR, BLOCK, { input: { playerId: player, reason: `check ${i}` } })
        : i % 3 === 1
          ? api.graphql(OPERATOR, UNBLOCK, { input: { playerId: player, reason: `checked ${i}` } })
          : api.graphql(player, SET_LIMIT, { input: { kind: 'STAKE', period: 'DAY', amount: 10_000_000 - i } }),
    );
    const answers = await Promise.all([...changes, ...bets]);
    expect(codesOf(answers.slice(0, changes.length))).toEqual(Array(changes.length).fill(undefined));
    // Then the time-out and a self-exclusion, at once with more bets: both taken; every bet placed or refused for a restriction.
    const lateBets = tables.map((tableId) => api.graphql(player, BET, { input: { tableId, type: 'FIELD', amount: 100 } }));
    const [timeOut, exclusion] = await Promise.all([
      api.graphql(player, TIME_OUT, { input: { hours: 24 } }),
      api.graphql(player, `mutation { selfExclude(input: { months: 6 }) { protection { mayPlay } userErrors { code message } } }`),
      ...lateBets,
    ]);
    expect([refusalCode(timeOut!), refusalCode(exclusion!)]).toEqual([undefined, undefined]);
    // A bet may lose its races and say so (CONFLICT: the player may send it again); it never lands past a restriction.
    const betCodes = codesOf([...answers.slice(changes.length), ...(await Promise.all(lateBets))]);
    const BET_ANSWERS = [undefined, 'CONFLICT', 'PLAYER_BLOCKED', 'PLAYER_TIMED_OUT', 'PLAYER_SELF_EXCLUDED'];
    expect(betCodes.filter((code) => !BET_ANSWERS.includes(code))).toEqual([]);
    expect(refusalCode(await api.graphql(player, BET, { input: { tableId: tables[0], type: 'FIELD', amount: 100 } }))).toBe(
      'PLAYER_SELF_EXCLUDED',
    );
    expect(await api.balance(player)).toBe(1_000_000 - betCodes.filter((code) => code === undefined).length * 100);
  });
});
