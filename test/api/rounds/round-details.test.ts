/**
 * A round's details link (docs/LAUNCH.md, "Round details"): every bet and every statement entry of
 * a round carries a link, signed by the house and never expiring, that anyone holding it opens
 * without signing in: the round's outcome, that player's bets in it and what they were paid, and
 * nothing of anyone else's. A link changed in any part opens nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
let table: string;
let link: string;
let sequence: number;

beforeAll(async () => {
  table = await api.openTable();
  for (const player of ['rosa', 'tom']) await api.fundAccount(player, 100_000);
  await api.seatShooter(table);
  for (const [player, amount] of [
    ['rosa', 300],
    ['tom', 500],
  ] as const)
    await api.placeBet(player, { tableId: table, type: 'FIELD', amount });
  sequence = await api.closeAndRoll(table, [5, 6]); // 11: the field wins even money
  const { me } = await api.data('rosa', '{ me { bets(last: 5) { id settledInRound roundDetailsUrl } } }');
  const decided = me.bets.find((bet: { settledInRound: number | null }) => bet.settledInRound === sequence);
  link = decided.roundDetailsUrl;
});

/** What the JSON route answers for a details page's link. */
const detailsOf = async (url: string) => {
  const page = new URL(url);
  const response = await fetch(`${api.url}/rounds/v1/${page.pathname.slice('/rounds/'.length)}${page.search}`);
  return { status: response.status, body: (await response.json()) as any };
};

describe("a round's details link", () => {
  it("opens, without signing in, the round's outcome and that player's bets and payouts only", async () => {
    expect(link.startsWith(`${api.url}/rounds/${table}.${sequence}?player=rosa&sig=`)).toBe(true);
    const { status, body } = await detailsOf(link);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      round: { id: `${table}.${sequence}`, tableId: table, sequence, outcome: { kind: 'ROLL', dice: [5, 6] }, fairness: null },
      playerId: 'rosa',
      currency: 'MOP',
      credited: { bets: 600, jackpot: 0 },
    });
    expect(body.bets.map((bet: any) => [bet.type, bet.amount, bet.outcome, bet.returned])).toEqual([['FIELD', 300, 'WIN', 600]]);
    expect(JSON.stringify(body)).not.toContain('tom');
  });

  it('opens nothing once any part of it is changed: the round, the player or the signature', async () => {
    const url = new URL(link);
    const sig = url.searchParams.get('sig')!;
    const changed = [
      link.replace(`${table}.${sequence}`, `${table}.${sequence - 1}`),
      link.replace('player=rosa', 'player=tom'),
      link.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      link.replace(`sig=${sig}`, 'sig=%E0%A4%A'),
      `${api.url}/rounds/${encodeURIComponent('%zz')}${url.search}`,
    ];
    for (const other of changed) {
      const { status, body } = await detailsOf(other);
      expect([status, body.error.code], other).toEqual([404, 'NOT_FOUND']);
    }
  });

  it("is on every statement entry of the round, naming the account's own player", async () => {
    const { account } = await api.data('rosa', '{ account: me { statement(first: 10) { edges { node { kind roundDetailsUrl } } } } }');
    const ofRound = account.statement.edges.map((edge: any) => edge.node).filter((entry: any) => entry.kind !== 'DEPOSIT');
    expect(ofRound.length).toBeGreaterThan(0);
    for (const entry of ofRound) expect(entry.roundDetailsUrl).toMatch(new RegExp(`/rounds/${table}\\.\\d+\\?player=rosa&sig=`));
    const deposit = account.statement.edges.map((edge: any) => edge.node).find((entry: any) => entry.kind === 'DEPOSIT');
    expect(deposit.roundDetailsUrl).toBeNull();
  });
});
