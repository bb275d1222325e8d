/**
 * The writes that carry an outcome onto each bet (store/rounds/bet-decisions.ts), each under a
 * condition from named clauses, clause for clause as it was written as one literal: a bet is
 * decided only while open, moved or left standing once per outcome, awarded its jackpot share
 * once. Pure: nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/store/kernel/db';
import { DEFAULT_BET_SHARDS, newBetKey } from '../../../functions/store/kernel/keys';
import { awardJackpotShare, decideBet, markBetStays, moveBet } from '../../../functions/store/rounds/bet-decisions';
import { openBetItem } from '../../../functions/store/betting/placement';
import type { BetRecord } from '../../../functions/store/betting/bet-records';

const db = { tableName: 't' } as Db;
const betId = `table.${newBetKey('player', DEFAULT_BET_SHARDS, 'bet')}`;

describe("the conditions of a bet's settlement writes", () => {
  it('decides a bet only while it is open', () => {
    const decided = {
      id: betId,
      status: 'WON',
      winnings: 100,
      returned: 200,
      settledAt: '2026-12-09T12:00:00.000Z',
      settledBy: 3,
    } as const;
    expect(decideBet(db, decided).Update!.ConditionExpression).toBe('attribute_exists(layoutSk)');
  });

  it('moves a bet, or lets it stay, only while open and once per outcome', () => {
    const once = 'attribute_exists(layoutSk) AND (attribute_not_exists(lastOutcome) OR lastOutcome < :sequence)';
    expect(moveBet(db, betId, 6, 3).Update!.ConditionExpression).toBe(once);
    expect(markBetStays(db, betId, 3).Update!.ConditionExpression).toBe(once);
  });

  it("awards a jackpot share only while the bet still shows its outcome's LOST", () => {
    expect(awardJackpotShare(db, betId, 3, 500, '2026-12-05T10:00:00.000Z').Update!.ConditionExpression).toBe(
      'settledBy = :sequence AND #status = :lost',
    );
  });
});

describe("a bet's place in its partner's activity feed (the book index)", () => {
  const placed = (playerId: string): BetRecord => ({
    id: `table.${newBetKey(playerId, DEFAULT_BET_SHARDS, 'bet')}`,
    tableId: 'table',
    playerId,
    type: 'PASS_LINE',
    amount: 100,
    status: 'OPEN',
    winnings: 0,
    returned: 0,
    round: 1,
    placedAt: '2026-12-05T10:00:00.000Z',
  });

  it("is where the bet was placed, in its partner's partition of its player's shard; a house player's bet is in no feed", () => {
    const bet = placed('feed-co/ana');
    const item = openBetItem('table', bet.id.slice('table.'.length), bet);
    expect(item.bookPk).toMatch(/^ACTIVITY#feed-co#\d{2}$/);
    expect(item.bookSk).toBe(`2026-12-05T10:00:00.000Z#${bet.id}`);
    const hal = placed('hal');
    const house = openBetItem('table', hal.id.slice('table.'.length), hal);
    expect(house.bookPk).toBeUndefined();
    expect(house.bookSk).toBeUndefined();
  });

  it('moves to when the bet was decided, and to when a jackpot share was awarded it', () => {
    const decided = { id: betId, status: 'LOST', winnings: 0, returned: 0, settledAt: '2026-12-05T10:01:00.000Z', settledBy: 3 } as const;
    expect(decideBet(db, decided).Update!.ExpressionAttributeValues![':activity']).toBe(`2026-12-05T10:01:00.000Z#${betId}`);
    expect(awardJackpotShare(db, betId, 3, 500, '2026-12-05T10:02:00.000Z').Update!.ExpressionAttributeValues![':activity']).toBe(
      `2026-12-05T10:02:00.000Z#${betId}`,
    );
  });
});
