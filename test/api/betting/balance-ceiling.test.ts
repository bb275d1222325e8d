/**
 * No balance passes MAX_MONEY (2^53 - 1, the Money scalar's exact range) through winnings, however
 * many tables a player bets at: each open bet reserves on the account (`exposure`) the most it
 * could return, a stake leaves only a balance of at most MAX_BETTING_BALANCE (2^52) and only while
 * the reserves stay within MAX_EXPOSURE (2^52 - 1), and every way a bet is decided (an outcome won
 * or lost, a take-down, a void, a round's jackpot) lets its reserve go with what it returns.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LARGEST_JACKPOT_PRIZE, MAX_BALANCE, MAX_BETTING_BALANCE, MAX_EXPOSURE } from '../../../functions/rules/money';
import { LARGEST_CRAPS_RETURN } from '../../../functions/rules/craps/options';
import { accountKey } from '../../../functions/store/kernel/keys';
import { getAccount } from '../../../functions/store/money/accounts';
import { dealer, refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';

const api = useTestApi();
const OPERATOR = dealer('ceiling-operator');

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message field } } }`;
const place = (player: string, tableId: string, type: string, amount: number, extra: Record<string, unknown> = {}) =>
  api.graphql(player, PLACE, { input: { tableId, type, amount, ...extra } });
const exposure = async (player: string) => (await getAccount(api.db, player))?.exposure ?? 0;

/** A craps table whose maximum is `maximumBet`, with a round's stake allowed up to it. */
function crapsTable(maximumBet: number): Promise<string> {
  // Odds held to the table maximum: their multiples of a large maximum would pass exact payouts.
  return api.openTable({
    minimumBet: 100,
    maximumBet,
    playerLimits: { maxStakePerRound: maximumBet },
    craps: { oddsCappedByTableMaximum: true },
  });
}

describe('a balance above what one may bet from (2^52)', () => {
  it('refuses every stake with BALANCE_LIMIT and changes nothing; withdrawn below it (more than a deposit may bring), the bet is placed', async () => {
    const player = 'ceiling-rich';
    await api.fundAccount(player, 0);
    // Only winnings take a balance past 2^50 (the most a deposit brings it to): set it directly (this file's books are not reconciled).
    await api.db.doc.send(
      new UpdateCommand({
        TableName: api.db.tableName,
        Key: accountKey(player),
        UpdateExpression: 'SET balance = :balance',
        ExpressionAttributeValues: { ':balance': MAX_BETTING_BALANCE + 5_000 },
      }),
    );
    const tableId = await crapsTable(100_000);
    const refused = await place(player, tableId, 'FIELD', 1_000);
    expect(refused.errors).toBeUndefined();
    expect(refused.data!.placeBet.bet).toBeNull();
    expect(refusalCode(refused)).toBe('BALANCE_LIMIT');
    expect(refusalOf(refused)!.message).toMatch(/withdraw first/);
    expect(refusalOf(refused)!.message).not.toMatch(/1000\b/);
    expect(await api.balance(player)).toBe(MAX_BETTING_BALANCE + 5_000);
    expect(await exposure(player)).toBe(0);

    await api.data(
      OPERATOR,
      `mutation ($p: ID!, $a: Money!) { withdraw(input: { playerId: $p, amount: $a, reference: "below" }) { account { id } userErrors { code message } } }`,
      {
        p: player,
        a: MAX_BALANCE + 5_000,
      },
    );
    expect(await api.balance(player)).toBe(MAX_BETTING_BALANCE - MAX_BALANCE);
    expect(refusalOf(await place(player, tableId, 'FIELD', 1_000))).toBeUndefined();
    expect(await exposure(player)).toBe(1_000 * LARGEST_CRAPS_RETURN);
  });
});

describe("a player's open bets at every table", () => {
  // Each stake may come back 31 times: two of them fit MAX_EXPOSURE, three do not.
  const STAKE = 50_000_000_000_000;

  it('refuse a bet at another table whose reserve, with theirs, would pass MAX_EXPOSURE; decided, they make room', async () => {
    expect(2 * STAKE * LARGEST_CRAPS_RETURN).toBeLessThanOrEqual(MAX_EXPOSURE);
    expect(3 * STAKE * LARGEST_CRAPS_RETURN).toBeGreaterThan(MAX_EXPOSURE);
    const player = 'ceiling-three-tables';
    await api.fundAccount(player, 3 * STAKE);
    const [first, second, third] = [await crapsTable(STAKE), await crapsTable(STAKE), await crapsTable(STAKE)];

    expect(refusalOf(await place(player, first, 'FIELD', STAKE))).toBeUndefined();
    expect(refusalOf(await place(player, second, 'FIELD', STAKE))).toBeUndefined();
    expect(await exposure(player)).toBe(2 * STAKE * LARGEST_CRAPS_RETURN);
    const refused = await place(player, third, 'FIELD', STAKE);
    expect(refused.errors).toBeUndefined();
    expect(refused.data!.placeBet.bet).toBeNull();
    expect(refusalCode(refused)).toBe('BALANCE_LIMIT');
    expect(refusalOf(refused)!.message).toMatch(/open bets at every table/);
    expect(await api.balance(player)).toBe(STAKE);
    expect(await exposure(player)).toBe(2 * STAKE * LARGEST_CRAPS_RETURN);

    // The Field loses on a 7: its reserve goes, though no money comes back.
    await api.closeAndRoll(first, [5, 2]);
    expect(await exposure(player)).toBe(STAKE * LARGEST_CRAPS_RETURN);
    expect(refusalOf(await place(player, third, 'FIELD', STAKE))).toBeUndefined();
    // Each wins on a 3 (1:1): the stake and the win come back, and the reserve goes.
    await api.closeAndRoll(second, [1, 2]);
    await api.closeAndRoll(third, [1, 2]);
    expect(await api.balance(player)).toBe(4 * STAKE);
    expect(await exposure(player)).toBe(0);
  });
});

describe('a reserve is let go whichever way its bet leaves the layout', () => {
  it('taken down', async () => {
    const player = 'ceiling-take-down';
    await api.fundAccount(player, 100_000);
    const tableId = await crapsTable(100_000);
    const { placeBet } = await api.data(player, PLACE, { input: { tableId, type: 'DONT_PASS', amount: 1_000 } });
    expect(await exposure(player)).toBe(1_000 * LARGEST_CRAPS_RETURN);
    await api.data(player, `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } userErrors { code message } } }`, {
      id: placeBet.bet.id,
    });
    expect(await exposure(player)).toBe(0);
    expect(await api.balance(player)).toBe(100_000);
  });

  it('voided with its round', async () => {
    const player = 'ceiling-void';
    await api.fundAccount(player, 100_000);
    const tableId = await crapsTable(100_000);
    await api.data(player, PLACE, { input: { tableId, type: 'PASS_LINE', amount: 1_000 } });
    const sequence = await api.closeBetting(tableId);
    await api.data(
      OPERATOR,
      `mutation ($input: VoidRoundInput!) { voidRound(input: $input) { settlementComplete userErrors { code message } } }`,
      {
        input: { tableId, reason: 'camera fault', sequence },
      },
    );
    expect(await exposure(player)).toBe(0);
    expect(await api.balance(player)).toBe(100_000);
  });

  it("a jackpot bet's, by its round's jackpot, with or without a prize", async () => {
    const pool = await api.data(
      OPERATOR,
      `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
      {
        input: {
          currency: 'MOP',
          seed: 100_000,
          modality: 'A',
          fixedAmounts: MODALITY_A_FIXED_AMOUNTS,
        },
      },
    );
    const tableId = await api.openTable({
      game: 'BACCARAT',
      baccarat: { jackpot: { poolId: pool.openJackpotPool.jackpotPool.id, contributionBasisPoints: 5_000 } },
    });
    const player = 'ceiling-jackpot';
    await api.fundAccount(player, 100_000);
    const deal = async (cards: string[]) => {
      const sequence = await api.closeBetting(tableId);
      await api.data(
        OPERATOR,
        `mutation ($input: SubmitDealInput!) { submitDeal(input: $input) { settlementComplete deal { jackpot { combination } } userErrors { code message } } }`,
        { input: { tableId, cards, sequence } },
      );
    };
    for (const cards of [
      ['5S', 'KH', '5D', '9C'], // the Player's pair: a single pair pays the jackpot bet
      ['2S', 'KD', '3H', '7C', '9S'], // no combination: nothing paid
    ]) {
      await place(player, tableId, 'BANKER', 1_000, { seat: 3 });
      await place(player, tableId, 'JACKPOT', 100, { seat: 3 });
      expect(await exposure(player)).toBe(1_000 * 41 + LARGEST_JACKPOT_PRIZE);
      await deal(cards);
      expect(await exposure(player)).toBe(0);
    }
  });
});
