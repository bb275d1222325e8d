/** What an outcome does to each bet is written on the bet itself, once: these build those writes, and tell what a bet looks like after them. */
import type { Db } from '../kernel/db';
import { activitySk, betKey, parseBetId } from '../kernel/keys';
import type { TransactAction } from '../kernel/transact-action';
import type { BetRecord, BetStatus } from '../betting/bet-records';
import type { PlannedSettlement } from './planned-settlement';
import { allOf, anyOf } from '../kernel/conditions';

/** What deciding a bet writes onto it. */
export type BetDecision = Pick<BetRecord, 'id' | 'status' | 'winnings' | 'returned' | 'settledBy'> & { readonly settledAt: string };

/** The bet is open: still on the layout (deciding it takes it off). */
const BET_OPEN = 'attribute_exists(layoutSk)';
/** No outcome has moved the bet or let it stay yet. */
const NEVER_CARRIED = 'attribute_not_exists(lastOutcome)';
/** The outcome that last moved the bet or let it stay came before `:sequence`. */
const CARRIED_BEFORE_OUTCOME = 'lastOutcome < :sequence';
/** Outcome `:sequence` has not yet moved the bet or let it stay: once only. */
const NOT_YET_CARRIED_BY_OUTCOME = anyOf(NEVER_CARRIED, CARRIED_BEFORE_OUTCOME);
/** Outcome `:sequence` decided the bet. */
const DECIDED_BY_OUTCOME = 'settledBy = :sequence';
/** The bet still shows the plan's decision, LOST (its share not yet awarded). */
const STILL_LOST = '#status = :lost';

/**
 * Decides a bet in place: its outcome written, and it leaves the layout index; only while it is
 * open. Its place in its partner's activity feed moves to when it was decided (a bet of the
 * house's own players has no partition there, so the key alone puts it in no feed).
 */
export function decideBet(db: Db, decided: BetDecision): TransactAction {
  const { tableId, betKey: key } = parseBetId(decided.id)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: `SET #status = :status, winnings = :winnings, returned = :returned, settledAt = :settledAt, bookSk = :activity${
        decided.settledBy !== undefined ? ', settledBy = :settledBy' : ''
      } REMOVE layoutSk`,
      ConditionExpression: BET_OPEN,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': decided.status,
        ':winnings': decided.winnings,
        ':returned': decided.returned,
        ':settledAt': decided.settledAt,
        ':activity': activitySk(decided.settledAt, decided.id),
        ...(decided.settledBy !== undefined ? { ':settledBy': decided.settledBy } : {}),
      },
    },
  };
}

/**
 * A jackpot bet that outcome `sequence` decided LOST (its stake went to the house and the pool)
 * carries its bettor's share of the round's prize: WON, the share its winnings and its return.
 * Once only: the condition holds only while the bet still shows the plan's decision. Its place in
 * its partner's activity feed moves to `at`, when the share was awarded.
 */
export function awardJackpotShare(db: Db, betId: string, sequence: number, share: number, at: string): TransactAction {
  const { tableId, betKey: key } = parseBetId(betId)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: 'SET #status = :won, winnings = :share, returned = :share, bookSk = :activity',
      ConditionExpression: allOf(DECIDED_BY_OUTCOME, STILL_LOST),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':won': 'WON',
        ':lost': 'LOST',
        ':share': share,
        ':sequence': sequence,
        ':activity': activitySk(at, betId),
      },
    },
  };
}

/**
 * A seamless bet placed for outcome `sequence` stays on the layout past it: marked, only while
 * open and once, so that a repeat of the outcome's payment finds its player's closing credit written.
 */
export function markBetStays(db: Db, betId: string, sequence: number): TransactAction {
  const { tableId, betKey: key } = parseBetId(betId)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: 'SET lastOutcome = :sequence',
      ConditionExpression: allOf(BET_OPEN, NOT_YET_CARRIED_BY_OUTCOME),
      ExpressionAttributeValues: { ':sequence': sequence },
    },
  };
}

/** A come bet travels to its number on outcome `sequence`; only while open, and once. */
export function moveBet(db: Db, betId: string, number: number, sequence: number): TransactAction {
  const { tableId, betKey: key } = parseBetId(betId)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: 'SET #number = :number, lastOutcome = :sequence',
      ConditionExpression: allOf(BET_OPEN, NOT_YET_CARRIED_BY_OUTCOME),
      ExpressionAttributeNames: { '#number': 'number' },
      ExpressionAttributeValues: { ':number': number, ':sequence': sequence },
    },
  };
}

const STATUS_AFTER: Record<PlannedSettlement['resolution']['outcome'], BetStatus> = {
  WIN: 'WON',
  LOSE: 'LOST',
  PUSH: 'PUSHED',
  VOID: 'VOIDED',
  MOVED: 'OPEN',
  STAYS: 'OPEN',
};

/** What outcome `sequence` writes onto a bet its plan decides (not one it moves). */
export function plannedDecision(entry: PlannedSettlement, sequence: number, settledAt: string): BetDecision {
  const { resolution } = entry;
  if (resolution.outcome === 'MOVED' || resolution.outcome === 'STAYS') {
    throw new Error(`bet ${entry.betId} ${resolution.outcome === 'MOVED' ? 'moves' : 'stays'} on outcome ${sequence}: it is not decided`);
  }
  return {
    id: entry.betId,
    status: STATUS_AFTER[resolution.outcome],
    winnings: resolution.outcome === 'WIN' ? resolution.winnings : 0,
    returned: entry.returned,
    settledAt,
    settledBy: sequence,
  };
}

/** The bet as a planned settlement leaves it: moved to its number, or decided by outcome `sequence`. */
export function betAfterSettlement(bet: BetRecord, entry: PlannedSettlement, sequence: number, settledAt: string): BetRecord {
  const { resolution } = entry;
  if (resolution.outcome === 'MOVED') return { ...bet, number: resolution.number, lastOutcome: sequence };
  if (resolution.outcome === 'STAYS') return { ...bet, lastOutcome: sequence };
  return { ...bet, ...plannedDecision(entry, sequence, settledAt) };
}

/** Whether the plan's entry leaves its bet open (it moves, or stays). */
export const stillOpen = (entry: PlannedSettlement): boolean =>
  entry.resolution.outcome === 'MOVED' || entry.resolution.outcome === 'STAYS';

/** Whether a bet, as stored, already shows what the plan's entry does to it. */
export function showsSettlement(bet: BetRecord, entry: PlannedSettlement, sequence: number): boolean {
  return stillOpen(entry) ? bet.lastOutcome === sequence : bet.settledBy === sequence;
}
