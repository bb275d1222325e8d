/**
 * A player's statement through the API: every movement of their money, newest first, with the
 * balance after each, by time range, a page at a time; their own only (operators: any).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalOf, type GraphQLResponse, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const OPERATOR = dealer('statement-operator');
const PLAYER = 'st-player';
let tableId: string;
const stamps = { pass: '' };

const STATEMENT = `query ($id: ID!, $first: Int, $after: String, $from: DateTime, $to: DateTime) {
  account(id: $id) {
    balance
    statement(first: $first, after: $after, from: $from, to: $to) {
      edges { cursor node { id kind occurredAt amount balanceAfter causedBy cause { tableId round betId reference } legs { account { kind id } amount type } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

const statement = (variables: Record<string, unknown> = {}, who: Who = PLAYER) => api.graphql(who, STATEMENT, { id: PLAYER, ...variables });

beforeAll(async () => {
  await ok(OPERATOR, `mutation { openAccount(input: { playerId: "${PLAYER}" }) { account { id } userErrors { code message } } }`);
  await ok(
    OPERATOR,
    `mutation { deposit(input: { playerId: "${PLAYER}", amount: 10000, reference: "dep-1" }) { account { balance } userErrors { code message } } }`,
  );
  tableId = await api.openTable();
  const bet = async (type: string, amount: number) =>
    (
      await ok(
        PLAYER,
        `mutation ($t: ID!, $type: BetType!, $a: Money!) { placeBet(input: { tableId: $t, type: $type, amount: $a }) { bet { id placedAt } userErrors { code message } } }`,
        {
          t: tableId,
          type,
          a: amount,
        },
      )
    ).placeBet.bet;
  const pass = await bet('PASS_LINE', 1_000);
  stamps.pass = pass.placedAt;
  const field = await bet('FIELD', 500);
  await ok(PLAYER, `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`, {
    id: field.id,
  });
  await api.closeAndRoll(tableId, [3, 4]); // 7: Pass wins
  await ok(
    OPERATOR,
    `mutation { withdraw(input: { playerId: "${PLAYER}", amount: 2500, reference: "wd-1" }) { account { balance } userErrors { code message } } }`,
  );
});
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());

describe("a player's statement", () => {
  it('lists every movement newest first, with what it moved and the balance after it', async () => {
    const { account } = (await statement()).data!;
    const entries = account.statement.edges.map((edge: any) => edge.node);
    expect(entries.map((entry: any) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ['WITHDRAWAL', -2_500, 8_500],
      ['PAYOUT', 2_000, 11_000],
      ['TAKE_DOWN', 500, 9_000],
      ['STAKE', -500, 8_500],
      ['STAKE', -1_000, 9_000],
      ['DEPOSIT', 10_000, 10_000],
    ]);
    expect(entries[0].balanceAfter).toBe(account.balance);
    expect(account.statement.pageInfo.hasNextPage).toBe(false);
    // Replayed from zero, the statement is the balance.
    expect(entries.reduce((sum: number, entry: any) => sum + entry.amount, 0)).toBe(account.balance);
  });

  it("names each movement's cause, who caused it and both sides of it", async () => {
    const entries = (await statement()).data!.account.statement.edges.map((edge: any) => edge.node);
    const payout = entries.find((entry: any) => entry.kind === 'PAYOUT');
    expect(payout).toMatchObject({ causedBy: 'settlement', cause: { tableId, round: 1 } });
    expect(payout.legs).toEqual([
      { account: { kind: 'PLAYER', id: PLAYER }, amount: 2_000, type: 'WIN' },
      { account: { kind: 'HOUSE', id: tableId }, amount: -2_000, type: 'WIN' },
    ]);
    const deposit = entries.find((entry: any) => entry.kind === 'DEPOSIT');
    expect(deposit).toMatchObject({ causedBy: 'statement-operator', cause: { reference: 'dep-1' } });
    expect(entries.find((entry: any) => entry.kind === 'TAKE_DOWN').causedBy).toBe(PLAYER);
  });

  it('comes a page at a time, the pages joining up exactly, whatever the page size', async () => {
    const whole = (await statement()).data!.account.statement.edges.map((edge: any) => edge.node);
    for (const first of [1, 2, 3, 6, 7]) {
      const seen: any[] = [];
      let after: string | undefined;
      for (;;) {
        const page = (await statement({ first, after })).data!.account.statement;
        seen.push(...page.edges.map((edge: any) => edge.node));
        expect(page.edges.length).toBeLessThanOrEqual(first);
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen, `pages of ${first}`).toEqual(whole);
    }
  });

  it('keeps to a time range: from inclusive, to exclusive, with the balances of the whole history', async () => {
    const whole = (await statement()).data!.account.statement.edges.map((edge: any) => edge.node);
    const pass = whole.findIndex((entry: any) => entry.kind === 'STAKE' && entry.amount === -1_000);
    const ranged = (await statement({ from: stamps.pass, to: whole[1].occurredAt })).data!.account.statement.edges.map(
      (edge: any) => edge.node,
    );
    const expected = whole.filter((entry: any) => entry.occurredAt >= stamps.pass && entry.occurredAt < whole[1].occurredAt);
    expect(ranged).toEqual(expected);
    expect(ranged.at(-1)).toEqual(whole[pass]);
  });

  it('read while the player bets, shows a balance that its own journals add up to', async () => {
    await api.fundAccount('st-busy', 10_000);
    const busy = (variables: Record<string, unknown>) => api.graphql('st-busy', STATEMENT, { id: 'st-busy', first: 200, ...variables });
    // One bet after another (a player's own bets queue on their position), the statement read meanwhile.
    const betting = (async () => {
      for (let i = 0; i < 12; i++) {
        const bet = await api.graphql(
          'st-busy',
          `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } userErrors { code message } } }`,
          { t: tableId },
        );
        expect(refusalOf(bet)).toBeUndefined();
      }
    })();
    const reads = Array.from({ length: 6 }, (_, i) => new Promise((resolve) => setTimeout(resolve, 15 * i)).then(() => busy({})));
    await betting;
    for (const read of (await Promise.all(reads)) as GraphQLResponse[]) {
      const page = read.data?.account?.statement;
      if (!page) continue; // CONFLICT: the account never stood still long enough (asked again by the client)
      const entries = page.edges.map((edge: any) => edge.node);
      expect(entries[0].balanceAfter).toBe(entries.reduce((sum: number, entry: any) => sum + entry.amount, 0));
    }
  });

  it('is empty for an account nothing has moved yet', async () => {
    await ok(OPERATOR, `mutation { openAccount(input: { playerId: "st-new" }) { account { id } userErrors { code message } } }`);
    const page = (await api.graphql('st-new', STATEMENT, { id: 'st-new' })).data!.account.statement;
    expect(page).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it("is the player's own: another player is refused, an operator may read any", async () => {
    const stranger = await statement({}, 'st-stranger');
    expect(stranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await statement({}, OPERATOR)).data!.account.statement.edges).toHaveLength(6);
  });

  it('refuses a page size out of range, a cursor it did not give and a range that ends before it starts, without echoing them', async () => {
    const refused = async (res: Promise<GraphQLResponse>, secret?: string) => {
      const answer = await res;
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(answer)).toBe('BAD_USER_INPUT');
      if (secret) expect(JSON.stringify(answer.errors)).not.toContain(secret);
    };
    await refused(statement({ first: 0 }));
    await refused(statement({ first: 201 }));
    await refused(statement({ after: 'not-a-cursor-xyz' }), 'not-a-cursor-xyz');
    await refused(statement({ from: '2026-12-02T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' }));
  });
});
