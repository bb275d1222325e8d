/**
 * Opening a table or a pool is safe to retry: the same idempotency key from the same operator
 * opens one, and answers it again; the key sent with another request is refused, changing nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dealer, refusalCode } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';

const api = useTestApi();
afterEach(() => api.expectReconciled());

const OPERATOR = dealer('ck-operator');
const OPEN_TABLE = `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id openedAt } userErrors { code message field } } }`;
const OPEN_POOL = `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id amount } userErrors { code message field } } }`;
const table = { game: 'CRAPS', minimumBet: 100, maximumBet: 10_000 };
const pool = {
  currency: 'MOP',
  seed: 50_000,
  modality: 'A',
  fixedAmounts: MODALITY_A_FIXED_AMOUNTS,
};

describe('openTable with an idempotency key', () => {
  it('opens one table however often it is sent, and answers it each time', async () => {
    const input = { ...table, idempotencyKey: 'table-key-1' };
    const first = (await api.data(OPERATOR, OPEN_TABLE, { input })).openTable.table;
    const again = (await api.data(OPERATOR, OPEN_TABLE, { input: { ...input, currency: 'MOP', craps: null } })).openTable.table;
    expect(again).toEqual(first);
    // Another operator's key of the same name is theirs: another table.
    expect((await api.data(dealer('ck-other'), OPEN_TABLE, { input })).openTable.table.id).not.toBe(first.id);
    // Without a key, each request opens a table of its own.
    const plain = await Promise.all([api.data(OPERATOR, OPEN_TABLE, { input: table }), api.data(OPERATOR, OPEN_TABLE, { input: table })]);
    expect(plain[0].openTable.table.id).not.toBe(plain[1].openTable.table.id);
  });

  it('refuses the key sent with a different table, and a malformed key, without echoing it', async () => {
    await api.data(OPERATOR, OPEN_TABLE, { input: { ...table, idempotencyKey: 'table-key-2' } });
    const reused = await api.graphql(OPERATOR, OPEN_TABLE, { input: { ...table, maximumBet: 20_000, idempotencyKey: 'table-key-2' } });
    expect(refusalCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.data!.openTable.table).toBeNull();
    const malformed = await api.graphql(OPERATOR, OPEN_TABLE, { input: { ...table, idempotencyKey: 'no spaces<b>' } });
    expect(refusalCode(malformed)).toBe('BAD_USER_INPUT');
    expect(malformed.data!.openTable.table).toBeNull();
    expect(JSON.stringify(malformed)).not.toContain('<b>');
  });
});

describe('openJackpotPool with an idempotency key', () => {
  it('opens and seeds one pool however often it is sent', async () => {
    const input = { ...pool, idempotencyKey: 'pool-key-1' };
    const answers = await Promise.all([api.graphql(OPERATOR, OPEN_POOL, { input }), api.graphql(OPERATOR, OPEN_POOL, { input })]);
    const ids = answers.map((res) => res.data?.openJackpotPool?.jackpotPool?.id ?? refusalCode(res));
    expect(ids[0]).toBe(ids[1]);
    expect((await api.data(OPERATOR, OPEN_POOL, { input })).openJackpotPool.jackpotPool).toEqual({ id: ids[0], amount: 50_000 });
    // One seed journalled, not three: the reconciliation (after each test) would show a second.
    const books = (await api.reconcile()).currencies.find((currency) => currency.currency === 'MOP')!;
    expect(books.pools).toBe(50_000n);
  });

  it('refuses the key sent with a different pool', async () => {
    await api.data(OPERATOR, OPEN_POOL, { input: { ...pool, idempotencyKey: 'pool-key-2' } });
    const reused = await api.graphql(OPERATOR, OPEN_POOL, { input: { ...pool, seed: 60_000, idempotencyKey: 'pool-key-2' } });
    expect(refusalCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.data!.openJackpotPool.jackpotPool).toBeNull();
  });
});
