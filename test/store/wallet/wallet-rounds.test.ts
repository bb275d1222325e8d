/**
 * A version 2 wallet round's item (store/wallet/wallet-rounds.ts): its commands, pure. A call is
 * listed only while the round is open (unless it must be whatever: a prize, an earlier credit), and
 * the round is closed only as it was read, or again by the same closing credit.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/store/kernel/db';
import { closeRoundCommand, listedInRound, listRoundCall, roundListingOf } from '../../../functions/store/wallet/wallet-rounds';
import type { WalletCallRecord } from '../../../functions/store/wallet/wallet-calls';

const db = { tableName: 'casino' } as Db;
const AT = '2026-12-05T10:00:00.000Z';
const KEY = { pk: 'WALLETROUND#acme/ana#t.7', sk: 'ROUND' };

describe('listing a call in its round', () => {
  it('adds the call and grows the version, refused once the round is closed when asked', () => {
    const { Update } = listRoundCall(db, { playerId: 'acme/ana', roundId: 't.7', transactionId: 'STAKE:b1', at: AT, whileOpen: true });
    expect(Update).toMatchObject({ TableName: 'casino', Key: KEY, ConditionExpression: 'attribute_not_exists(closedAt)' });
    expect(Update.UpdateExpression).toMatch(/^ADD calls :call, version :one /);
    expect(Update.ExpressionAttributeValues).toMatchObject({ ':call': new Set(['STAKE:b1']), ':one': 1 });
    expect(Update.ExpressionAttributeValues![':expires']).toBe(Date.parse(AT) / 1_000 + 30 * 24 * 60 * 60);
    const anyway = listRoundCall(db, { playerId: 'acme/ana', roundId: 't.7', transactionId: 'PRIZE:t.7:x', at: AT, whileOpen: false });
    expect(anyway.Update.ConditionExpression).toBeUndefined();
  });

  it('is for version 2 calls that do not end their round', () => {
    const call = (extra: Partial<WalletCallRecord>) =>
      ({ transactionId: 'TAKE_DOWN:b1', playerId: 'acme/ana', createdAt: AT, body: '{"roundId":"t.7"}', ...extra }) as WalletCallRecord;
    expect([call({}), call({ contract: 2 }), call({ contract: 2, closesRound: true })].map(listedInRound)).toEqual([false, true, false]);
    expect(roundListingOf(db, call({}), { whileOpen: true })).toBeUndefined();
    expect(roundListingOf(db, call({ contract: 2 }), { whileOpen: true })).toMatchObject({ Update: { Key: KEY } });
  });
});

describe('closing a round', () => {
  it('holds only if nothing was listed since it was read, or it is the same closing credit again', () => {
    const seen = closeRoundCommand(db, { playerId: 'acme/ana', roundId: 't.7', closing: 'PAYOUT:t.7:x:0', seen: 3, at: AT });
    expect(seen.Key).toEqual(KEY);
    expect(seen.ConditionExpression).toBe('((attribute_not_exists(closedAt) AND version = :seen) OR closedBy = :closing)');
    expect(seen.ExpressionAttributeValues).toMatchObject({ ':seen': 3, ':closing': 'PAYOUT:t.7:x:0' });
    expect(seen.UpdateExpression).toMatch(/^SET closedAt = if_not_exists\(closedAt, :at\), closedBy = :closing/);
    const none = closeRoundCommand(db, { playerId: 'acme/ana', roundId: 't.7', closing: 'PAYOUT:t.7:x:0', seen: undefined, at: AT });
    expect(none.ConditionExpression).toBe('((attribute_not_exists(closedAt) AND attribute_not_exists(version)) OR closedBy = :closing)');
    expect(none.ExpressionAttributeValues).not.toHaveProperty(':seen');
  });
});
