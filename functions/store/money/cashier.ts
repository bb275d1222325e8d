import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_BALANCE } from '../../rules/money';
import type { Db } from '../kernel/db';
import { cashMovementKey } from '../kernel/keys';
import { depositIntoAccount, debitAccount } from './transaction-actions';
import { toItem, toRecord } from '../kernel/items';
import type { CashMovementRecord } from './account-records';
import { recordJournal, type JournalRecord } from './ledger';
import { transact } from '../kernel/transact';

export type CashMovementOutcome = 'MOVED' | 'ACCOUNT_REFUSED' | 'REFERENCE_USED';

/**
 * A deposit or withdrawal in one transaction: the balance moves (a withdrawal only if the balance
 * covers it, in the account's currency), the movement is recorded under its reference, which can
 * be used only once, and journalled.
 */
export async function commitCashMovement(db: Db, movement: CashMovementRecord, journal: JournalRecord): Promise<CashMovementOutcome> {
  const withdrawal = movement.kind === 'WITHDRAWAL';
  const { currency } = journal;
  const sent = await transact(db, {
    account: withdrawal
      ? debitAccount(db, movement.playerId, movement.amount, journal, { currency })
      : depositIntoAccount(db, movement.playerId, movement.amount, journal, currency, MAX_BALANCE, movement.at),
    reference: {
      Put: {
        TableName: db.tableName,
        Item: toItem(cashMovementKey(movement.playerId, movement.reference), movement),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    journal: recordJournal(db, journal),
  });
  if (sent.written) return 'MOVED';
  if (sent.refused.has('reference')) return 'REFERENCE_USED';
  if (sent.refused.has('account')) return 'ACCOUNT_REFUSED';
  throw new Error(`moving cash under ${movement.reference} was refused for ${[...sent.refused].join(', ')}`);
}

export async function getCashMovement(db: Db, playerId: string, reference: string): Promise<CashMovementRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: cashMovementKey(playerId, reference), ConsistentRead: true }),
  );
  return Item ? toRecord<CashMovementRecord>(Item) : undefined;
}
