/**
 * The last seconds of a betting window, with real DynamoDB's transaction conflicts modelled:
 * players new to the server, each dropping several chips at once (a front end sends a player's
 * chips together), are each answered, never CONFLICT: a player's own chips are not an overload.
 * The player's limits stay exact, and the ledger accounts for every unit (afterEach).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_TABLE_SHARDS, dealer, refusalCode, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { listOpenBets } from '../../../functions/store/betting/bets';
import type { BetType } from '../../../functions/store/betting/bet-records';

const api = useTestApi();
afterEach(() => api.expectReconciled());

const DEALER = dealer('burst-dealer');
const CHIPS: readonly { type: BetType; amount: number }[] = [
  { type: 'FIELD', amount: 100 },
  { type: 'BIG_6', amount: 200 },
  { type: 'BIG_8', amount: 300 },
  { type: 'ANY_SEVEN', amount: 400 },
  { type: 'FIELD', amount: 500 },
];
const STAKED = CHIPS.reduce((sum, chip) => sum + chip.amount, 0);

async function openTable(options = ''): Promise<string> {
  const opened = await api.data(
    DEALER,
    `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000, betShards: ${BUSY_TABLE_SHARDS} ${options} }) { table { id } userErrors { code message } } }`,
  );
  return opened.openTable.table.id as string;
}
const placeBet = (tableId: string, player: string, chip: { type: BetType; amount: number }) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, {
    input: { tableId, ...chip },
  });
const codeOf = (res: GraphQLResponse) => refusalCode(res) ?? 'PLACED';
let named = 0;
/** Players this server has never seen: their first bet reads their (empty) position at the table. */
const newPlayers = (n: number) => Array.from({ length: n }, () => `burst-player-${named++}`);

describe('thirty players new to the server, each dropping five chips at once', () => {
  it('have all 150 bets placed, none answered CONFLICT, each charged exactly their chips', async () => {
    const tableId = await openTable();
    const crowd = newPlayers(30);
    await api.fundNewAccounts(crowd, 10_000);

    const answers = await Promise.all(crowd.flatMap((player) => CHIPS.map((chip) => placeBet(tableId, player, chip))));

    expect(answers.map(codeOf)).toEqual(answers.map(() => 'PLACED'));
    expect(await api.balances(crowd)).toEqual(crowd.map(() => 10_000 - STAKED));
    const open = await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS);
    for (const player of crowd) expect(open.filter((bet) => bet.playerId === player).length, player).toBe(CHIPS.length);
  });

  it("stop exactly at the player's limits: chips beyond them are refused by the limit, never CONFLICT", async () => {
    const tableId = await openTable('playerLimits: { maxOpenBets: 3 }');
    const crowd = newPlayers(10);
    await api.fundNewAccounts(crowd, 10_000);

    const answers = await Promise.all(crowd.map((player) => Promise.all(CHIPS.map((chip) => placeBet(tableId, player, chip)))));

    const open = await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS);
    for (const [i, player] of crowd.entries()) {
      const codes = answers[i]!.map(codeOf);
      expect(codes.filter((code) => code === 'PLACED').length, player).toBe(3);
      expect(
        codes.filter((code) => code !== 'PLACED'),
        player,
      ).toEqual(['PLAYER_BET_LIMIT', 'PLAYER_BET_LIMIT']);
      const theirs = open.filter((bet) => bet.playerId === player);
      expect(theirs.length, player).toBe(3);
      expect(await api.balance(player)).toBe(10_000 - theirs.reduce((sum, bet) => sum + bet.amount, 0));
    }
  });
});

describe("a player's five chips sent to five servers at once", () => {
  it('all land: each finds the position moved by its own other chips, and is validated again until it lands', async () => {
    const tableId = await openTable();
    const crowd = newPlayers(10);
    await api.fundNewAccounts(crowd, 10_000);
    // Five Lambda instances: each its own copy of the code, and of every copy and turn it keeps.
    const servers: (typeof import('../../../functions/services/betting/place-bet'))[] = [];
    for (let i = 0; i < CHIPS.length; i++) {
      vi.resetModules();
      servers.push(await import('../../../functions/services/betting/place-bet'));
    }
    const refusedBefore = api.conflictModel.stats.refusedTransactions;

    const answers = await Promise.all(
      crowd.flatMap((player) =>
        CHIPS.map((chip, i) =>
          servers[i]!.placeBet(api.deps, { playerId: player, roles: new Set() }, { tableId, ...chip }).then(
            () => 'PLACED',
            (error: { code?: string }) => error.code ?? String(error),
          ),
        ),
      ),
    );

    expect(answers).toEqual(answers.map(() => 'PLACED'));
    expect(await api.balances(crowd)).toEqual(crowd.map(() => 10_000 - STAKED));
    expect((await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS)).length).toBe(crowd.length * CHIPS.length);
    // They did meet: across servers a player's chips race for the player's account and position.
    expect(api.conflictModel.stats.refusedTransactions).toBeGreaterThan(refusedBefore);
  });
});
