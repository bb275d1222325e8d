/**
 * No balance passes MAX_MONEY (2^53 - 1, the Money scalar's exact range) through winnings: a bet is
 * placed only if, were it and the player's other open bets at the table each to return the most
 * its game pays (31 times the stake at craps, 30:1 and the stake), the balance would still fit.
 * The balance is set directly (no deposit brings one past 2^50): this file's books are not reconciled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_MONEY } from '../../../functions/rules/money';
import { accountKey } from '../../../functions/store/kernel/keys';
import { dealer, startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;
const OPERATOR = dealer('ceiling-operator');
const PLAYER = 'ceiling-player';

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const PLACE = `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 1000 }) { id } }`;

describe('a bet whose largest win the balance has no room for', () => {
  it('is refused with BALANCE_LIMIT and changes nothing, counting the open bets at the table; room made, it is placed', async () => {
    await api.fundAccount(PLAYER, 0);
    await api.db.doc.send(
      new UpdateCommand({
        TableName: api.db.tableName,
        Key: accountKey(PLAYER),
        UpdateExpression: 'SET balance = :balance',
        ExpressionAttributeValues: { ':balance': MAX_MONEY - 60_000 },
      }),
    );
    const tableId = (await api.data(OPERATOR, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`))
      .openTable.id;
    // Each 1,000 may come back as 31,000: after two, the balance (MAX_MONEY - 62,000) has room for exactly their 62,000.
    await api.data(PLAYER, PLACE, { t: tableId });
    await api.data(PLAYER, PLACE, { t: tableId });
    expect(await api.balance(PLAYER)).toBe(MAX_MONEY - 62_000);

    const refused = await api.graphql(PLAYER, PLACE, { t: tableId });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BALANCE_LIMIT');
    expect(refused.errors?.[0]?.message).not.toMatch(/1000/);
    expect(await api.balance(PLAYER)).toBe(MAX_MONEY - 62_000);
    const mine = `query ($t: ID!) { table(id: $t) { openBets { id } } }`;
    expect((await api.data(PLAYER, mine, { t: tableId })).table.openBets).toHaveLength(2);

    // Three bets may return 93,000: a balance of at most MAX_MONEY - 92,000 before the third stake has room.
    await api.data(OPERATOR, `mutation ($p: ID!) { withdraw(input: { playerId: $p, amount: 30000, reference: "room" }) { id } }`, {
      p: PLAYER,
    });
    await api.data(PLAYER, PLACE, { t: tableId });
    expect(await api.balance(PLAYER)).toBe(MAX_MONEY - 93_000);
  });
});
