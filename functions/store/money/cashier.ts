import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_BALANCE } from '../../rules/money';
import type { Db } from '../kernel/db';
import { cashMovementKey } from '../kernel/keys';
import { depositIntoAccount, debitAccount } from './transaction-actions';
import { toItem, toRecord } from '../kernel/items';
import type { CashMovementRecord } from '../kernel/records';
import { recordJournal, type JournalRecord } from './ledger';
import { cancellationReasons, conditionFailedAt } from '../kernel/transaction-cancellation';

export type CashMovementOutcome = 'MOVED' | 'ACCOUNT_REFUSED' | 'REFERENCE_USED';

/**
 * A deposit or withdrawal in one transaction: the balance moves (a withdrawal only if the balance
 * covers it, in the account's currency), the movement is recorded under its reference, which can
 * be used only once, and journalled.
 */
export async function commitCashMovement(db: Db, movement: CashMovementRecord, journal: JournalRecord): Promise<CashMovementOutcome> {
  const withdrawal = movement.kind === 'WITHDRAWAL';
  const { currency } = journal;
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          withdrawal
            ? debitAccount(db, movement.playerId, movement.amount, journal, { currency })
            : depositIntoAccount(db, movement.playerId, movement.amount, journal, currency, MAX_BALANCE),
          {
            Put: {
              TableName: db.tableName,
              Item: toItem(cashMovementKey(movement.playerId, movement.reference), movement),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          recordJournal(db, journal),
        ],
      }),
    );
    return 'MOVED';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons && conditionFailedAt(reasons, 1)) return 'REFERENCE_USED';
    if (reasons && conditionFailedAt(reasons, 0)) return 'ACCOUNT_REFUSED';
    throw error;
  }
}

export async function getCashMovement(db: Db, playerId: string, reference: string): Promise<CashMovementRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: cashMovementKey(playerId, reference), ConsistentRead: true }),
  );
  return Item ? toRecord<CashMovementRecord>(Item) : undefined;
}
