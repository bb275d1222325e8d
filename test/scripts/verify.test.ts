/**
 * `npm run verify`: a table the server deals, checked from its public API alone, as a player (or
 * anyone they hand the output to) would: it passes on the table's true history and fails, naming
 * the roll, on a history changed in transit.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/use-test-api';
import { sweepRoundLoops } from '../../functions/services/rng/round-loop';
import { verifyTable } from '../../scripts/table-verification';
import { verifyCommand } from '../../scripts/verify';
import { runCommand, runScriptProcess } from '../support/script-command';
import { commitmentOf } from '../../functions/fairness/fair-random';
import { dealtShoeOf } from '../../functions/fairness/rng-shoe';
import { formatCard } from '../../functions/rules/baccarat/cards';

/** The handler's clock: it moves only when a test moves it on, so that no window runs out while the machine is busy. */
const START = Date.now();
let ahead = 0;
const now = () => START + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const PLAYER = 'verify-player';

/** Plays `rounds` rolls at a craps table the server deals, a Field bet on each, and answers the table. */
async function playedTable(rounds: number): Promise<string> {
  await api.fundAccount(PLAYER, 100_000);
  const tableId = await api.openTable({ dealing: 'RNG' });
  for (let round = 0; round < rounds; round++) {
    await api.placeBet(PLAYER, { tableId, type: 'FIELD', amount: 100 });
    ahead += 16_000;
    await sweepRoundLoops(api.deps);
  }
  return tableId;
}

/** Runs the script in a process of its own, as `npm run --silent verify -- ...` does. */
const verifyProcess = (args: string[], token: string) => runScriptProcess('scripts/verify.ts', args, { VERIFY_TOKEN: token });
/** Runs its command in this process, as its command line does. */
const verify = (args: string[], token: string) => runCommand(verifyCommand, args, { VERIFY_TOKEN: token });

describe('npm run verify', () => {
  it("passes on a craps table's history: every roll drawn from its revealed seed", async () => {
    const tableId = await playedTable(3);
    const run = await verifyProcess(['--table', tableId, '--url', `${api.url}/graphql`], await api.token(PLAYER));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('ok    roll'))).toHaveLength(3);
    expect(run.stdout).toMatch(/3 hold, 0 waiting for a reveal, 0 FAIL/);
  });

  it('fails on a history changed in transit, naming the roll, and on a table a dealer deals', async () => {
    const tableId = await playedTable(2);
    const token = await api.token(PLAYER);
    // The answer's first roll's dice are changed on the way: its seed no longer draws them.
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const text = await response.text();
      const changed = text.replace(/"dice":\[(\d),(\d)\]/, (_, a: string, b: string) => `"dice":[${(Number(a) % 6) + 1},${b}]`);
      return new Response(changed, { status: response.status, headers: response.headers });
    };
    const result = await verifyTable({ url: `${api.url}/graphql`, token, tableId, fetch: tampering });
    expect(result.passed).toBe(false);
    expect(result.lines.filter((line) => line.startsWith('FAIL'))).toEqual([expect.stringMatching(/^FAIL {2}roll \d .*the seed draws/)]);

    const live = await api.openTable();
    const run = await verify(['--table', live, '--url', `${api.url}/graphql`], token);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/a dealer deals this table/);
  });
});

/**
 * A baccarat table's history as the API would answer it, served by a stand-in for the API: shoe 1
 * over (its seed, salt and burn on each of its deals), shoe 2 in play (none on any of its 3 deals).
 * `change` alters what the deals show, as a server in the wrong, or a history changed in transit, would.
 */
function baccaratHistory(change: (deal: HistoryDeal) => HistoryDeal = (deal) => deal) {
  const decks = 6;
  const shoes = [
    { seed: 'a1'.repeat(32), salt: 'b1'.repeat(16) },
    { seed: 'a2'.repeat(32), salt: 'b2'.repeat(16) },
  ].map((shoe) => ({ ...shoe, commitment: commitmentOf(shoe.seed, shoe.salt), dealt: dealtShoeOf(shoe.seed, decks) }));
  const deals: HistoryDeal[] = [];
  for (const [index, shoe] of shoes.entries()) {
    const over = index === 0;
    const rounds = over ? shoe.dealt.rounds : shoe.dealt.rounds.slice(0, 3);
    for (const [position, cards] of rounds.entries())
      deals.push({
        sequence: deals.length + 1,
        shoe: index + 1,
        shoePosition: position + 1,
        cards: cards.map(formatCard),
        fairness: over
          ? { commitment: shoe.commitment, seed: shoe.seed, salt: shoe.salt, burn: shoe.dealt.burn.map(formatCard) }
          : { commitment: shoe.commitment, seed: null, salt: null, burn: null },
      });
  }
  const shown = deals.map(change);
  const answer = (query: string): unknown =>
    query.includes('deals(')
      ? {
          data: {
            table: {
              deals: { edges: [...shown].reverse().map((node) => ({ node })), pageInfo: { hasNextPage: false, endCursor: null } },
            },
          },
        }
      : {
          data: {
            table: {
              __typename: 'BaccaratTable',
              dealing: 'RNG',
              fairness: { commitment: shoes[1]!.commitment, shoe: 2 },
              options: { decks },
            },
          },
        };
  const fetchIt: typeof fetch = async (_input, init) => Response.json(answer((JSON.parse(String(init!.body)) as { query: string }).query));
  return { answer, fetch: fetchIt, shoes, deals };
}
interface HistoryDeal {
  readonly sequence: number;
  readonly shoe: number;
  readonly shoePosition: number;
  readonly cards: string[];
  readonly fairness: { commitment: string; seed: string | null; salt: string | null; burn: string[] | null };
}

/** `npm run verify` itself, against a stand-in for the API answering `answer`. */
async function verifyAgainst(answer: (query: string) => unknown, args: string[]): Promise<{ status: number | null; stdout: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer((JSON.parse(body) as { query: string }).query)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await verify(['--table', 'bac-rng', '--url', `http://127.0.0.1:${port}/graphql`, ...args], 'any-token');
  } finally {
    server.close();
  }
}

describe("npm run verify at baccarat: every deal's reveal, and the burn", () => {
  const verifyHistory = (history: ReturnType<typeof baccaratHistory>) =>
    verifyTable({ url: 'http://api.example/graphql', token: 'any-token', tableId: 'bac-rng', fetch: history.fetch });

  it('passes a true history: the finished shoe, its burn and every card from its seed; the shoe in play waits', async () => {
    const history = baccaratHistory();
    expect(history.deals.filter((deal) => deal.shoe === 1).length).toBeGreaterThan(40);
    const run = await verifyAgainst(history.answer, []);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ok {4}shoe 1 \(\d+ rounds\): its burn and every card dealt from its seed/m);
    expect(run.stdout).toMatch(/^wait {2}shoe 2 \(3 rounds\)/m);
    expect(run.stdout).toMatch(/1 hold, 1 waiting for a reveal, 0 FAIL/);
  });

  it('fails a finished shoe whose deal 40 shows another seed, naming deal 40', async () => {
    const other = { seed: 'c3'.repeat(32), salt: 'b1'.repeat(16) };
    const history = baccaratHistory((deal) =>
      deal.sequence === 40 ? { ...deal, fairness: { ...deal.fairness, seed: other.seed } } : deal,
    );
    const run = await verifyAgainst(history.answer, []);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {2}shoe 1 \(\d+ rounds\): deal 40 shows seed c3c3c3c3c3c3…, deal 1 seed a1a1a1a1a1a1…$/m);
    expect(run.stdout).toMatch(/0 hold, 1 waiting for a reveal, 1 FAIL/);
  });

  it('fails a shoe in play whose later deal leaks its seed, naming that deal', async () => {
    const history = baccaratHistory();
    const leaked = history.shoes[1]!;
    const last = history.deals.at(-1)!.sequence;
    const leaking = baccaratHistory((deal) =>
      deal.sequence === last ? { ...deal, fairness: { ...deal.fairness, seed: leaked.seed, salt: leaked.salt } } : deal,
    );
    const run = await verifyAgainst(leaking.answer, ['--shoe', '2']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^FAIL {2}shoe 2 \\(3 rounds\\): deal ${last} shows a seed while its shoe is in play$`, 'm'));
    expect(run.stdout).toMatch(/0 hold, 0 waiting for a reveal, 1 FAIL/);
  });

  it('checks the published burn against the seed: another burn, or none, fails the shoe', async () => {
    const burned = baccaratHistory().shoes[0]!.dealt.burn.map(formatCard);
    const swapped = [burned[0] === 'KS' ? 'QS' : 'KS', ...burned.slice(1)];
    const otherBurn = await verifyHistory(
      baccaratHistory((deal) => (deal.shoe === 1 ? { ...deal, fairness: { ...deal.fairness, burn: swapped } } : deal)),
    );
    expect(otherBurn.lines[0]).toBe(
      `FAIL  shoe 1 (${otherBurn.lines[0]!.match(/\((\d+) rounds/)![1]} rounds): the seed burns ${burned.join(' ')}, the table burned ${swapped.join(' ')}`,
    );
    const noBurn = await verifyHistory(
      baccaratHistory((deal) => (deal.shoe === 1 ? { ...deal, fairness: { ...deal.fairness, burn: null } } : deal)),
    );
    expect(noBurn.passed).toBe(false);
    expect(noBurn.lines[0]).toMatch(/^FAIL {2}shoe 1 .*: the shoe is over but its burn was not published$/);
    // A burn shown on a deal of the shoe in play is shown too soon.
    const early = await verifyHistory(
      baccaratHistory((deal) =>
        deal.shoe === 2 && deal.shoePosition === 2 ? { ...deal, fairness: { ...deal.fairness, burn: ['AS', 'KH'] } } : deal,
      ),
    );
    expect(early.lines[1]).toMatch(/^FAIL {2}shoe 2 \(3 rounds\): deal \d+ shows a burn while its shoe is in play$/);
  });

  it('reads the deals again when a shoe ends while they are read, rather than failing a shoe half revealed', async () => {
    const before = baccaratHistory();
    const shoe2 = before.shoes[1]!;
    // Shoe 2 ends between the first reading of the table and of its deals: the deals show its reveal
    // on the first two of its deals (read after) and not on its third (read before); then the table shows shoe 3.
    let readings = 0;
    const answer = (query: string): unknown => {
      if (query.includes('deals(')) {
        readings++;
        const revealed = { commitment: shoe2.commitment, seed: shoe2.seed, salt: shoe2.salt, burn: shoe2.dealt.burn.map(formatCard) };
        const shoe2Deals = shoe2.dealt.rounds.map((cards, index) => ({
          sequence: 1_000 + index,
          shoe: 2,
          shoePosition: index + 1,
          cards: cards.map(formatCard),
          fairness: readings === 1 && index >= 2 ? { ...revealed, seed: null, salt: null, burn: null } : revealed,
        }));
        const deals = [...before.deals.filter((deal) => deal.shoe === 1), ...shoe2Deals];
        return { data: { table: { deals: { edges: deals.reverse().map((node) => ({ node })), pageInfo: { hasNextPage: false } } } } };
      }
      const table = before.answer(query) as { data: { table: { fairness: object } } };
      return { data: { table: { ...table.data.table, fairness: { commitment: 'next', shoe: readings === 0 ? 2 : 3 } } } };
    };
    const fetchIt: typeof fetch = async (_input, init) =>
      Response.json(answer((JSON.parse(String(init!.body)) as { query: string }).query));
    const result = await verifyTable({ url: 'http://api.example/graphql', token: 'any-token', tableId: 'bac-rng', fetch: fetchIt });
    expect(readings).toBe(2);
    expect(result.lines).toEqual([expect.stringMatching(/^ok {4}shoe 1 /), expect.stringMatching(/^ok {4}shoe 2 /)]);
  });
});
