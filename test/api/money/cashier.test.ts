/**
 * The cashier: operators open accounts and move money in and out, each movement once per
 * reference, never below zero. Real HTTP -> the Lambda handler -> DynamoDB Local.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf, type GraphQLResponse, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const OPERATOR = dealer('cashier-operator');
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end (before the API closes), since reconciling reads the whole book (after each test, the
// file's time grows with its square).
afterAll(() => api.expectReconciled());

const openAccount = (playerId: string, currency = 'MOP', who: Who = OPERATOR) =>
  api.graphql(
    who,
    `mutation ($input: OpenAccountInput!) { openAccount(input: $input) { account { id currency balance } userErrors { code message field } } }`,
    { input: { playerId, currency } },
  );
const move = (kind: 'deposit' | 'withdraw', playerId: string, amount: number, reference: string, who: Who = OPERATOR) =>
  api.graphql(
    who,
    `mutation ($input: ${kind === 'deposit' ? 'DepositInput' : 'WithdrawInput'}!) {
      ${kind}(input: $input) { account { id balance } userErrors { code message field } }
    }`,
    { input: { playerId, amount, reference } },
  );

function refused(res: GraphQLResponse, code: string) {
  expect(refusalCode(res), JSON.stringify(res)).toBe(code);
}

describe('the cashier', () => {
  it('opens an empty account, once', async () => {
    expect((await openAccount('cash-new')).data!.openAccount.account).toEqual({ id: 'cash-new', currency: 'MOP', balance: 0 });
    expect((await openAccount('cash-new')).data!.openAccount.account).toEqual({ id: 'cash-new', currency: 'MOP', balance: 0 });
    refused(await openAccount('cash-new', 'USD'), 'CURRENCY_MISMATCH');
  });

  it('deposits and withdraws, each reference once', async () => {
    await openAccount('cash-flow');
    expect((await move('deposit', 'cash-flow', 10_000, 'dep-1')).data!.deposit.account.balance).toBe(10_000);
    expect((await move('deposit', 'cash-flow', 10_000, 'dep-1')).data!.deposit.account.balance).toBe(10_000); // a retry
    expect((await move('withdraw', 'cash-flow', 2_500, 'wd-1')).data!.withdraw.account.balance).toBe(7_500);
    refused(await move('withdraw', 'cash-flow', 2_500, 'dep-1'), 'IDEMPOTENCY_KEY_REUSED');
    refused(await move('withdraw', 'cash-flow', 7_501, 'wd-2'), 'INSUFFICIENT_FUNDS');
    expect(await api.balance('cash-flow')).toBe(7_500);
  });

  it('refuses an account that does not exist, a zero amount, and players', async () => {
    refused(await move('deposit', 'cash-nobody', 100, 'x-1'), 'NOT_FOUND');
    await openAccount('cash-zero');
    const zero = await move('deposit', 'cash-zero', 0, 'x-2');
    refused(zero, 'BAD_USER_INPUT');
    expect(refusalOf(zero)!.field).toEqual(['input', 'amount']);
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

describe("the cashier's records", () => {
  const LOOKUP = `query ($p: ID!, $r: String!) { cashMovement(playerId: $p, reference: $r) { playerId reference kind amount currency movedAt movedBy } }`;
  const LIST = `query ($first: Int, $after: String, $from: DateTime, $to: DateTime, $currency: Currency!) {
    cashMovements(currency: $currency, first: $first, after: $after, from: $from, to: $to) {
      edges { cursor node { playerId reference kind amount } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  it('find a movement by its reference: did the deposit go through?', async () => {
    await openAccount('cash-lookup');
    await move('deposit', 'cash-lookup', 700, 'lookup-1');
    const found = (await api.graphql(OPERATOR, LOOKUP, { p: 'cash-lookup', r: 'lookup-1' })).data!.cashMovement;
    expect(found).toMatchObject({
      playerId: 'cash-lookup',
      reference: 'lookup-1',
      kind: 'DEPOSIT',
      amount: 700,
      currency: 'MOP',
      movedBy: 'cashier-operator',
    });
    expect(Date.parse(found.movedAt)).not.toBeNaN();
    expect((await api.graphql('cash-lookup', LOOKUP, { p: 'cash-lookup', r: 'lookup-1' })).data!.cashMovement.amount).toBe(700);
    expect((await api.graphql(OPERATOR, LOOKUP, { p: 'cash-lookup', r: 'never-sent' })).data!.cashMovement).toBeNull();
    refused(await api.graphql('cash-stranger', LOOKUP, { p: 'cash-lookup', r: 'lookup-1' }), 'FORBIDDEN');
  });

  it('list the movements of a currency newest first, by time range, a page at a time', async () => {
    await openAccount('cash-list-a');
    await openAccount('cash-list-b', 'HKD');
    const from = new Date().toISOString();
    for (const [i, [player, kind, amount]] of (
      [
        ['cash-list-a', 'deposit', 100],
        ['cash-list-b', 'deposit', 999], // another currency
        ['cash-list-a', 'deposit', 200],
        ['cash-list-a', 'withdraw', 50],
      ] as const
    ).entries()) {
      const res = await move(kind, player, amount, `list-${i}`);
      expect(refusalOf(res), JSON.stringify(res)).toBeUndefined();
    }
    const to = new Date(Date.now() + 1).toISOString();
    const all = (await api.graphql(OPERATOR, LIST, { currency: 'MOP', from, to })).data!.cashMovements;
    expect(all.edges.map((edge: any) => [edge.node.kind, edge.node.amount])).toEqual([
      ['WITHDRAWAL', 50],
      ['DEPOSIT', 200],
      ['DEPOSIT', 100],
    ]);
    expect(all.pageInfo.hasNextPage).toBe(false);

    const firstPage = (await api.graphql(OPERATOR, LIST, { currency: 'MOP', from, to, first: 2 })).data!.cashMovements;
    expect(firstPage.edges).toHaveLength(2);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const secondPage = (await api.graphql(OPERATOR, LIST, { currency: 'MOP', from, to, first: 2, after: firstPage.pageInfo.endCursor }))
      .data!.cashMovements;
    expect([...firstPage.edges, ...secondPage.edges]).toEqual(all.edges);
    expect(secondPage.pageInfo.hasNextPage).toBe(false);

    const exact = (await api.graphql(OPERATOR, LIST, { currency: 'MOP', from, to, first: 3 })).data!.cashMovements;
    expect(exact.pageInfo.hasNextPage).toBe(false);
    const none = (await api.graphql(OPERATOR, LIST, { currency: 'MOP', from: to })).data!.cashMovements;
    expect(none).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
    expect((await api.graphql(OPERATOR, LIST, { currency: 'HKD', from, to })).data!.cashMovements.edges).toHaveLength(1);
    refused(await api.graphql('cash-list-a', LIST, { currency: 'MOP' }), 'FORBIDDEN');
  });
});
