import {
  TransactionCanceledException,
  TransactionConflictException,
  type AttributeValue,
  type DynamoDBClient,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from './table-definition';
import { attachConflictModel, type ConflictModel } from './db';

/**
 * DynamoDB Local never refuses a transaction for a conflict; real DynamoDB does. This model,
 * attached to a client that talks to DynamoDB Local (`createDb({ conflictModel })`, or
 * DYNAMODB_CONFLICT_MODEL=on), makes that client's requests meet the rules AWS documents under
 * "Transaction conflict handling":
 *  - while a TransactWriteItems is in flight, it holds every item it names, a ConditionCheck's
 *    included;
 *  - another TransactWriteItems naming a held item is refused with TransactionCanceledException,
 *    the reason `TransactionConflict` at each position that names a held item and `None` at the others;
 *  - a PutItem, UpdateItem or DeleteItem on a held item is refused with TransactionConflictException.
 * Nothing refused reaches DynamoDB Local, so a refusal changes nothing, as on the real service.
 *
 * "In flight" is from the moment the client sends the transaction until its answer arrives, so
 * every client that should see the others' transactions must share one model (a process-wide
 * one is `sharedConflictModel`). Reads never conflict (real DynamoDB reads committed data), and a
 * plain write holds nothing. Not modelled: TransactGetItems and BatchWriteItem (the settlement job
 * uses them only on items no transaction of the job holds: see BENCHMARKS.md).
 */
export class TransactionConflictModel implements ConflictModel {
  /** Items held by transactions in flight, each named by its table and key. */
  private readonly held = new Set<string>();
  private counts = { transactions: 0, refusedTransactions: 0, refusedWrites: 0 };

  /** What the model has seen since it was made (or last reset). */
  get stats(): { readonly transactions: number; readonly refusedTransactions: number; readonly refusedWrites: number } {
    return { ...this.counts };
  }

  resetStats(): void {
    this.counts = { transactions: 0, refusedTransactions: 0, refusedWrites: 0 };
  }

  /** Puts the model in front of every request the client sends. */
  attachTo(client: DynamoDBClient): void {
    attachConflictModel(client, () => this);
  }

  async admit<T>(commandName: string | undefined, input: Record<string, unknown>, send: () => Promise<T>): Promise<T> {
    switch (commandName) {
      case 'TransactWriteItemsCommand': {
        const items = ((input.TransactItems ?? []) as TransactWriteItem[]).map(actionItem);
        const conflicts = items.map((item) => this.held.has(item));
        this.counts.transactions++;
        if (conflicts.some(Boolean)) {
          this.counts.refusedTransactions++;
          throw cancelledByConflict(conflicts);
        }
        for (const item of items) this.held.add(item);
        try {
          return await send();
        } finally {
          for (const item of items) this.held.delete(item);
        }
      }
      case 'PutItemCommand':
      case 'UpdateItemCommand':
      case 'DeleteItemCommand': {
        const item = itemName(input.TableName as string, (input.Item ?? input.Key) as Record<string, AttributeValue>);
        if (this.held.has(item)) {
          this.counts.refusedWrites++;
          throw new TransactionConflictException({ message: ITEM_IN_TRANSACTION, $metadata: { httpStatusCode: 400 } });
        }
        return send();
      }
      default:
        return send();
    }
  }
}

/** One model for the whole process: every client against the one DynamoDB Local sees every transaction. */
export const sharedConflictModel = new TransactionConflictModel();

const ITEM_IN_TRANSACTION = 'Transaction is ongoing for the item';

const KEY_ATTRIBUTES = [tableDefinition.partitionKey.name, tableDefinition.sortKey.name];

function itemName(tableName: string, attributes: Record<string, AttributeValue>): string {
  return JSON.stringify([tableName, ...KEY_ATTRIBUTES.map((name) => attributes[name])]);
}

function actionItem(action: TransactWriteItem): string {
  if (action.Put) return itemName(action.Put.TableName!, action.Put.Item!);
  const keyed = action.Update ?? action.Delete ?? action.ConditionCheck;
  if (!keyed) throw new Error('TransactWriteItems action with neither Put, Update, Delete nor ConditionCheck');
  return itemName(keyed.TableName!, keyed.Key!);
}

/** What real DynamoDB answers a transaction that names an item another transaction holds. */
function cancelledByConflict(conflicts: readonly boolean[]): TransactionCanceledException {
  const CancellationReasons = conflicts.map((conflict) =>
    conflict ? { Code: 'TransactionConflict', Message: ITEM_IN_TRANSACTION } : { Code: 'None' },
  );
  const message = `Transaction cancelled, please refer cancellation reasons for specific reasons [${CancellationReasons.map((r) => r.Code).join(', ')}]`;
  return new TransactionCanceledException({ message, Message: message, CancellationReasons, $metadata: { httpStatusCode: 400 } });
}
