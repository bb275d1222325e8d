/**
 * The conditions a movement of a player's money is written under (store/money/transaction-actions.ts),
 * composed from named clauses: each exactly the expression it was as one literal, clause for
 * clause, so that what a credit, a deposit and a debit guard is unchanged. Pure: nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/store/kernel/db';
import type { JournalRecord } from '../../../functions/store/money/ledger';
import { UNRESTRICTED, creditAccount, debitAccount, depositIntoAccount } from '../../../functions/store/money/transaction-actions';
import { countedAgainst, periodKeysAt } from '../../../functions/store/protection/limits';
import { REALITY_CHECK_CONDITION } from '../../../functions/store/protection/reality-checks';
import { PLAY_TIME_CONDITION } from '../../../functions/store/protection/play-time';

const db = { tableName: 't' } as Db;
const at = '2026-12-09T12:00:00.000Z';
const journal: JournalRecord = {
  id: 'STAKE:t.1:abc',
  kind: 'STAKE',
  currency: 'MOP',
  at,
  actor: 'p1',
  cause: { tableId: 't' },
  legs: [{ account: { kind: 'PLAYER', id: 'p1' }, amount: -100, type: 'STAKE' }],
};
const conditionOf = (action: ReturnType<typeof creditAccount>) => action.Update!.ConditionExpression;

describe("what a player's item must hold to bet or deposit", () => {
  it('no time-out or self-exclusion running, and no block', () => {
    expect(UNRESTRICTED).toBe('(attribute_not_exists(restrictedUntil) OR restrictedUntil <= :now) AND attribute_not_exists(blocked)');
  });
});

describe('a credit', () => {
  it('needs the account, and given one, its currency', () => {
    expect(conditionOf(creditAccount(db, 'p1', 100, journal))).toBe('attribute_exists(pk)');
    expect(conditionOf(creditAccount(db, 'p1', 100, journal, { currency: 'MOP', released: 50 }))).toBe(
      'attribute_exists(pk) AND currency = :currency',
    );
  });
});

describe('a deposit', () => {
  it('needs the account in its currency, the balance within the ceiling, no restriction, and room under the deposit limits', () => {
    const counted = countedAgainst(['DEPOSIT'], 100, periodKeysAt(at));
    expect(conditionOf(depositIntoAccount(db, 'p1', 100, journal, 'MOP', 1_000_000, at))).toBe(
      `attribute_exists(pk) AND currency = :currency AND balance <= :room AND ${UNRESTRICTED} AND ${counted.condition}`,
    );
  });
});

describe('a debit', () => {
  it('a withdrawal: the account, a balance that covers it, and given one, its currency', () => {
    expect(conditionOf(debitAccount(db, 'p1', 100, journal))).toBe('attribute_exists(pk) AND balance >= :cover');
    expect(conditionOf(debitAccount(db, 'p1', 100, journal, { currency: 'MOP' }))).toBe(
      'attribute_exists(pk) AND balance >= :cover AND currency = :currency',
    );
  });

  it('a stake: besides, a balance it may bet from, room for its reserve, no restriction, room under every limit, no reality check due, session time left', () => {
    const counted = countedAgainst(['STAKE', 'LOSS'], 100, periodKeysAt(at));
    expect(conditionOf(debitAccount(db, 'p1', 100, journal, { currency: 'MOP', reserve: 300, unrestrictedAt: at }))).toBe(
      [
        'attribute_exists(pk) AND balance >= :cover',
        'currency = :currency',
        'balance <= :bettingBalance',
        '(attribute_not_exists(exposure) OR exposure <= :exposureRoom)',
        UNRESTRICTED,
        counted.condition,
        REALITY_CHECK_CONDITION,
        PLAY_TIME_CONDITION,
      ].join(' AND '),
    );
  });
});
