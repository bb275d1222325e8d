/**
 * A player's next bet in a betting window goes out as one transaction, on this process's copy of
 * the player's own bets, and that copy is never trusted past what the bet's transaction checks:
 * a bet placed by another process, or an outcome paid since, sends the bet back to a fresh read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../functions/store/kernel/db';
import { dealer, refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const sent: string[] = [];
const DEALER = dealer('layout-cache-dealer');
let tableId: string;
let player: string;
let players = 0;

/** Notes every command the handler's client sends to DynamoDB. */
function counting(db: Db): Db {
  db.doc.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'testCommandCounter' },
  );
  return db;
}

const api = useTestApi({ wrapDb: counting });
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

beforeEach(async () => {
  tableId = await api.openTable();
  player = `layout-cache-player-${++players}`;
  await api.fundAccount(player, 100_000);
});

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id number } userErrors { code message field } } }`;
const place = (type: string, amount: number, baseBetId?: string) =>
  api.graphql(player, PLACE, { input: { tableId, type, amount, ...(baseBetId ? { baseBetId } : {}) } });

async function placed(type: string, amount: number, baseBetId?: string) {
  const res = await place(type, amount, baseBetId);
  expect(refusalOf(res), JSON.stringify(refusalOf(res))).toBeUndefined();
  return res.data!.placeBet.bet as { id: string; number: number | null };
}

async function commandsOf<T>(action: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const from = sent.length;
  const result = await action();
  return { result, commands: sent.slice(from) };
}

async function roll(...dice: number[]) {
  await api.seatShooter(tableId);
  const sequence = await api.closeBetting(tableId);
  const res = await api.graphql(
    DEALER,
    `mutation ($tableId: ID!, $dice: [Int!], $sequence: Int!) { submitRoll(input: { tableId: $tableId, dice: $dice, sequence: $sequence }) { settlementComplete userErrors { code message } } }`,
    {
      tableId,
      dice,
      sequence,
    },
  );
  expect(refusalOf(res), JSON.stringify(refusalOf(res))).toBeUndefined();
  expect(res.data!.submitRoll.settlementComplete).toBe(true);
}

describe("a player's next bet in the same betting window", () => {
  it('is one transaction and no read, after a bet or a take-down this process made', async () => {
    const first = await commandsOf(() => placed('FIELD', 100));
    expect(first.commands).toContain('QueryCommand');

    const second = await commandsOf(() => placed('BIG_6', 600));
    expect(second.commands).toEqual(['TransactWriteItemsCommand']);

    await commandsOf(() =>
      api.graphql(player, `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`, {
        id: second.result.id,
      }),
    );
    const afterTakeDown = await commandsOf(() => placed('BIG_8', 600));
    expect(afterTakeDown.commands).toEqual(['TransactWriteItemsCommand']);
    expect(await api.balance(player)).toBe(100_000 - 100 - 600);
  });

  it("is checked again against a fresh read when another process placed one of the player's bets meanwhile", async () => {
    tableId = await api.openTable({ playerLimits: { maxOpenBets: 2 } });
    await placed('FIELD', 100); // this process's copy: one bet

    // Another Lambda instance: its own copy of the code, and of every copy it keeps.
    vi.resetModules();
    const elsewhere = await import('../../../functions/services/betting/place-bet');
    await elsewhere.placeBet(api.deps, { playerId: player, roles: new Set() }, { tableId, type: 'FIELD', amount: 100 });

    const third = await place('FIELD', 100);
    expect(refusalCode(third)).toBe('PLAYER_BET_LIMIT');
    expect(await api.balance(player)).toBe(100_000 - 200);
  });

  it('is validated against the bets as the last outcome left them, not as this process last saw them', async () => {
    await roll(3, 3); // point 6
    const come = await placed('COME', 1_000);
    await roll(4, 4); // the Come bet travels to 8
    await placed('FIELD', 100); // read afresh: this process's copy now shows the Come bet on 8
    await roll(5, 3); // 8 repeats: the Come bet wins and leaves the layout

    // Odds on a bet that is no longer there: the copy from the round before must not say it is.
    const odds = await place('COME_ODDS', 1_000, come.id);
    expect(refusalCode(odds)).toBe('ODDS_WITHOUT_BASE_BET');
    expect(await api.balance(player)).toBe(100_000 - 1_000 - 100 + 2_000);
  });
});
