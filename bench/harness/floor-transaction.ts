import { createHash } from 'node:crypto';
import type { AttributeValue, TransactWriteItem, TransactWriteItemsInput } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../functions/store/kernel/table-definition';

/**
 * The floor of a use case's transaction: a bare TransactWriteItems of the same items, the least
 * DynamoDB can take to write them, built from the transaction the use case really sent (so it
 * follows the data model as it changes). It changes nothing that matters:
 *  - an item the use case wrote new (Put) is written, at the same size, under scratch keys of the
 *    same lengths (index keys too, so that index writes cost the same);
 *  - an item it updated or deleted is rewritten unchanged (an update that removes an attribute no
 *    item has), only if it exists;
 *  - an item it condition-checked is checked by a condition that always holds.
 * Every action still holds its item in the transaction, as the original did.
 */
export function floorTransaction(sent: TransactWriteItemsInput, scratchId: string): TransactWriteItemsInput {
  return {
    TransactItems: (sent.TransactItems ?? []).map((action, index): TransactWriteItem => {
      if (action.Put) {
        return { Put: { TableName: action.Put.TableName, Item: scratchCopy(action.Put.Item!, `${scratchId}.${index}`) } };
      }
      if (action.ConditionCheck) {
        const { TableName, Key } = action.ConditionCheck;
        return { ConditionCheck: { TableName, Key, ConditionExpression: `attribute_exists(${PK}) OR attribute_not_exists(${PK})` } };
      }
      const keyed = action.Update ?? action.Delete;
      if (!keyed) throw new Error('TransactWriteItems action with neither Put, Update, Delete nor ConditionCheck');
      return { Update: rewriteUnchanged(keyed.TableName!, keyed.Key!) };
    }),
  };
}

/** An update that writes the item as it is: the cost of touching one item, nothing more. */
export function rewriteUnchanged(TableName: string, Key: Record<string, AttributeValue>) {
  return {
    TableName,
    Key,
    UpdateExpression: 'REMOVE #floor',
    ConditionExpression: `attribute_exists(${PK})`,
    ExpressionAttributeNames: { '#floor': 'benchFloorNeverSet' },
  };
}

const PK = tableDefinition.partitionKey.name;
const KEY_ATTRIBUTES = [
  tableDefinition.partitionKey.name,
  tableDefinition.sortKey.name,
  ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey.name, index.sortKey.name]),
];

/**
 * The item under scratch keys of its own keys' lengths (a hash of the scratch id and the
 * attribute, cut or padded to length; never under 16 characters, so that copies stay apart).
 */
export function scratchCopy(item: Record<string, AttributeValue>, id: string): Record<string, AttributeValue> {
  const copy = { ...item };
  for (const name of KEY_ATTRIBUTES) {
    const value = item[name]?.S;
    if (value === undefined) continue;
    const hash = `~${createHash('sha256').update(`${id}#${name}`).digest('hex')}`;
    copy[name] = { S: hash.slice(0, Math.max(value.length, 16)).padEnd(value.length, 'x') };
  }
  return copy;
}
