/**
 * The cashier: operators open accounts and move money in and out, each movement once per
 * reference, never below zero. Real HTTP -> the Lambda handler -> DynamoDB Local.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type GraphQLResponse, type TestApi } from '../support/test-api';

let api: TestApi;
const OPERATOR = dealer('cashier-operator');
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

const openAccount = (playerId: string, currency = 'MOP', who: Parameters<TestApi['graphql']>[0] = OPERATOR) =>
  api.graphql(who, `mutation ($input: OpenAccountInput!) { openAccount(input: $input) { id currency balance } }`, {
    input: { playerId, currency },
  });
const move = (
  kind: 'deposit' | 'withdraw',
  playerId: string,
  amount: number,
  reference: string,
  who: Parameters<TestApi['graphql']>[0] = OPERATOR,
) =>
  api.graphql(who, `mutation ($input: CashMovementInput!) { ${kind}(input: $input) { id balance } }`, {
    input: { playerId, amount, reference },
  });

function refused(res: GraphQLResponse, code: string) {
  expect(res.errors?.[0]?.extensions?.code, JSON.stringify(res)).toBe(code);
}

describe('the cashier', () => {
  it('opens an empty account, once', async () => {
    expect((await openAccount('cash-new')).data!.openAccount).toEqual({ id: 'cash-new', currency: 'MOP', balance: 0 });
    expect((await openAccount('cash-new')).data!.openAccount).toEqual({ id: 'cash-new', currency: 'MOP', balance: 0 });
    refused(await openAccount('cash-new', 'USD'), 'CURRENCY_MISMATCH');
  });

  it('deposits and withdraws, each reference once', async () => {
    await openAccount('cash-flow');
    expect((await move('deposit', 'cash-flow', 10_000, 'dep-1')).data!.deposit.balance).toBe(10_000);
    expect((await move('deposit', 'cash-flow', 10_000, 'dep-1')).data!.deposit.balance).toBe(10_000); // a retry
    expect((await move('withdraw', 'cash-flow', 2_500, 'wd-1')).data!.withdraw.balance).toBe(7_500);
    refused(await move('withdraw', 'cash-flow', 2_500, 'dep-1'), 'IDEMPOTENCY_KEY_REUSED');
    refused(await move('withdraw', 'cash-flow', 7_501, 'wd-2'), 'INSUFFICIENT_FUNDS');
    expect(await api.balance('cash-flow')).toBe(7_500);
  });

  it('refuses an account that does not exist, a zero amount, and players', async () => {
    refused(await move('deposit', 'cash-nobody', 100, 'x-1'), 'NOT_FOUND');
    await openAccount('cash-zero');
    refused(await move('deposit', 'cash-zero', 0, 'x-2'), 'BAD_USER_INPUT');
    refused(await move('deposit', 'cash-zero', 100, 'x-3', 'cash-zero'), 'FORBIDDEN');
    refused(await openAccount('cash-self', 'MOP', 'cash-self'), 'FORBIDDEN');
    expect(await api.balance('cash-zero')).toBe(0);
  });

  it('lets an operator read any account, and a player only their own', async () => {
    await openAccount('cash-read');
    await move('deposit', 'cash-read', 500, 'read-1');
    const query = `query ($id: ID!) { account(id: $id) { balance bets { id } } }`;
    expect((await api.graphql(OPERATOR, query, { id: 'cash-read' })).data!.account).toEqual({ balance: 500, bets: [] });
    expect((await api.graphql('cash-read', query, { id: 'cash-read' })).data!.account.balance).toBe(500);
    refused(await api.graphql('cash-other', query, { id: 'cash-read' }), 'FORBIDDEN');
  });
});
