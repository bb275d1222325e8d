/**
 * The betting gate's conditions (store/betting/gates.ts), from named clauses: a shard is opened
 * only if absent or exactly as the opening writes it, a bet passes only for the shard's round and
 * with room, and one taken back only for its round. Pure: nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/store/kernel/db';
import { admitBet, newGates, releaseBet } from '../../../functions/store/betting/gates';

const db = { tableName: 't' } as Db;

describe("a gate shard's conditions", () => {
  it('opens a shard if it is absent, or stands as this opening writes it (a retry)', () => {
    const put = newGates(db, 'table', 1, 1)[0]![0]!;
    expect(put.Put!.ConditionExpression).toBe(
      '(attribute_not_exists(pk) OR (#round = :round AND #open = :zero AND settledThrough = :zero))',
    );
  });

  it('lets a bet pass for the round with room, and one go back for the round', () => {
    expect(admitBet(db, 'table', 0, 3).Update!.ConditionExpression).toBe('#round = :round AND #open < :capacity');
    expect(releaseBet(db, 'table', 0, 3).Update!.ConditionExpression).toBe('#round = :round');
  });
});
