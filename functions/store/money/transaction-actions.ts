import { MAX_BETTING_BALANCE, MAX_EXPOSURE } from '../../rules/money';
import type { Db } from '../kernel/db';
import { accountKey, journalSortKey } from '../kernel/keys';
import type { TransactAction } from '../kernel/transact-action';
import type { JournalRecord } from './ledger';
import { countedAgainst, paidBack, periodKeysAt } from '../protection/limits';
import { REALITY_CHECK_CONDITION } from '../protection/reality-checks';
import { PLAY_TIME_CONDITION } from '../protection/play-time';
import { allOf, anyOf } from '../kernel/conditions';

/**
 * Transaction actions shared by the use cases that move money (placing a bet, taking one down,
 * settling an outcome, the cashier, the jackpot): each returns actions for a TransactWriteItems,
 * nothing sent. Every movement of a player's money writes one journal about the player in the
 * same transaction (store/money/ledger.ts), and counts it on the account (`journals`): a statement
 * reads the account before and after its query, and the same count says it saw a still moment.
 */

/** The player's account exists. */
const ACCOUNT_EXISTS = 'attribute_exists(pk)';
/** The account holds `:currency`: money never moves between currencies. */
const IN_ACCOUNT_CURRENCY = 'currency = :currency';
/** The balance covers the amount taken out (`:cover`): it never goes below zero. */
const BALANCE_COVERS = 'balance >= :cover';
/** The balance stays within the cashier's ceiling with the deposit on it (`:room`: the ceiling less the deposit). */
const DEPOSIT_WITHIN_CEILING = 'balance <= :room';
/** The balance before a stake is at most MAX_BETTING_BALANCE (`:bettingBalance`), so that what a bet may pay stays within Money's range. */
const BALANCE_MAY_BET = 'balance <= :bettingBalance';
/** The account's exposure, with the stake's reserve taken onto it, stays within MAX_EXPOSURE (`:exposureRoom`: MAX_EXPOSURE less the reserve). */
const EXPOSURE_HAS_ROOM = anyOf('attribute_not_exists(exposure)', 'exposure <= :exposureRoom');
/** No time-out or self-exclusion runs at `:now`: none was ever set, or it ended. */
const NO_RESTRICTION_RUNNING = anyOf('attribute_not_exists(restrictedUntil)', 'restrictedUntil <= :now');
/** No operator has blocked the player. */
const NOT_BLOCKED = 'attribute_not_exists(blocked)';

/**
 * Money into a player's account (which must exist; given a currency, hold that currency), with
 * the journal it is recorded by: the account keeps which journal moved it last (`lastJournal`),
 * so that the balance right after a movement can be told exactly (balance-after.ts). `released`
 * is the reserve the bets it pays free from the account's `exposure` (rules/money.ts).
 */
export function creditAccount(
  db: Db,
  playerId: string,
  amount: number,
  journal: JournalRecord,
  { currency, released = 0 }: { currency?: string; released?: number } = {},
): TransactAction {
  // What play pays back (a stake returned, winnings, a prize) gives room back under net-loss limits.
  const paid = paidBack(amount);
  const adds = [...paid.adds, 'sessionReturned :paidBack'];
  const { values } = paid;
  return moveBalance(db, playerId, amount, journal, {
    condition: allOf(ACCOUNT_EXISTS, ...(currency !== undefined ? [IN_ACCOUNT_CURRENCY] : [])),
    currency,
    exposure: -released,
    adds,
    values,
  });
}

/** Money into a player's account from the cashier, only while the balance stays within `limit`. */
export function depositIntoAccount(
  db: Db,
  playerId: string,
  amount: number,
  journal: JournalRecord,
  currency: string,
  limit: number,
  /** A deposit waits out the player's restrictions (docs/PLAYER-PROTECTION.md): refused while one runs at this moment, and counts against their deposit limits. */
  unrestrictedAt: string,
): TransactAction {
  const counted = countedAgainst(['DEPOSIT'], amount, periodKeysAt(unrestrictedAt));
  return moveBalance(db, playerId, amount, journal, {
    condition: allOf(ACCOUNT_EXISTS, IN_ACCOUNT_CURRENCY, DEPOSIT_WITHIN_CEILING, UNRESTRICTED, counted.condition),
    currency,
    adds: counted.adds,
    values: { ':room': limit - amount, ':now': unrestrictedAt, ...counted.values },
  });
}

/**
 * What an item of a player's (their account, their restriction item) must hold for them to bet or
 * deposit at `:now`: no time-out or self-exclusion running, no operator's block.
 */
export const UNRESTRICTED = allOf(NO_RESTRICTION_RUNNING, NOT_BLOCKED);

/**
 * Money out of a player's account, only if the balance covers it (and, given one, in that
 * currency), with its journal. Given a `bet` reserve (a stake: rules/money.ts, MAX_EXPOSURE), only
 * if the balance is at most MAX_BETTING_BALANCE before it and the account's exposure stays within
 * MAX_EXPOSURE with the reserve taken onto it.
 */
export function debitAccount(
  db: Db,
  playerId: string,
  amount: number,
  journal: JournalRecord,
  {
    currency,
    reserve,
    unrestrictedAt,
  }: {
    currency?: string;
    reserve?: number;
    /**
     * A stake waits out the player's restrictions: refused while one runs at this moment (a
     * withdrawal never is), and counts against their stake, net-loss and session-time limits.
     */
    unrestrictedAt?: string;
  } = {},
): TransactAction {
  const reserving = reserve !== undefined;
  const counted = unrestrictedAt !== undefined ? countedAgainst(['STAKE', 'LOSS'], amount, periodKeysAt(unrestrictedAt)) : undefined;
  return moveBalance(db, playerId, -amount, journal, {
    condition: allOf(
      ACCOUNT_EXISTS,
      BALANCE_COVERS,
      ...(currency !== undefined ? [IN_ACCOUNT_CURRENCY] : []),
      ...(reserving ? [BALANCE_MAY_BET, EXPOSURE_HAS_ROOM] : []),
      ...(counted ? [UNRESTRICTED, counted.condition, REALITY_CHECK_CONDITION, PLAY_TIME_CONDITION] : []),
    ),
    currency,
    exposure: reserve ?? 0,
    // The session a reality check reports counts the stake.
    adds: counted ? [...counted.adds, 'sessionStaked :cover'] : [],
    values: {
      ':cover': amount,
      ...(reserving ? { ':bettingBalance': MAX_BETTING_BALANCE, ':exposureRoom': MAX_EXPOSURE - reserve } : {}),
      ...(counted ? { ':now': unrestrictedAt, ...counted.values } : {}),
    },
  });
}

/**
 * A player's account frees `released` of its exposure: the bets a round decided returned nothing
 * (or nothing yet), so no money moves and nothing is journalled, but their reserve is let go.
 */
export function releaseExposure(db: Db, playerId: string, released: number): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'ADD exposure :released',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':released': -released },
    },
  };
}

function moveBalance(
  db: Db,
  playerId: string,
  delta: number,
  journal: JournalRecord,
  {
    condition,
    currency,
    exposure = 0,
    adds = [],
    values = {},
  }: { condition: string; currency?: string | undefined; exposure?: number; adds?: readonly string[]; values?: Record<string, unknown> },
): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: `SET balance = balance + :delta, lastJournal = :journal ADD journals :one${exposure !== 0 ? ', exposure :exposure' : ''}${adds.map((add) => `, ${add}`).join('')}`,
      ConditionExpression: condition,
      ExpressionAttributeValues: {
        ':delta': delta,
        ':journal': journalSortKey(journal),
        ':one': 1,
        ...(exposure !== 0 ? { ':exposure': exposure } : {}),
        ...(currency !== undefined ? { ':currency': currency } : {}),
        ...values,
      },
    },
  };
}
