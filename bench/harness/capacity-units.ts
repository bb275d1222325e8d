import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  BatchGetItemCommand,
  type AttributeValue,
  type ConsumedCapacity,
  type DynamoDBClient,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../functions/store/kernel/table-definition';

/**
 * Capacity units as AWS bills them. DynamoDB Local's ReturnConsumedCapacity is right for reads
 * and single-item writes, but not for TransactWriteItems: it rounds the items' summed size and
 * multiplies by four (one small item: 4 units, AWS 2; a 3 KB item put, a 3 KB item updated and a
 * condition check: 28 units, AWS 14). So transactions are priced here from their items' sizes, by AWS's published rules:
 *  - an item's size is the sum of its attribute names and values (see itemSize);
 *  - a write costs 1 unit per KB of the item (rounded up per item), the larger of its size
 *    before and after; a transactional write costs twice that (prepare and commit), a
 *    ConditionCheck included;
 *  - an index (global or local) whose keys the item carries costs one write of the item per
 *    change (two when its index key changes), at the standard rate (AWS documents no
 *    transactional multiplier for it).
 */

/** Units consumed: `read`, and `write` split into the table's and its indexes'. */
export interface Capacity {
  readonly read: number;
  readonly write: number;
  readonly indexWrite: number;
  /** What DynamoDB Local itself reported for the same requests, for comparison. */
  readonly reportedByLocal: number;
}

export const NO_CAPACITY: Capacity = { read: 0, write: 0, indexWrite: 0, reportedByLocal: 0 };

export const addCapacity = (a: Capacity, b: Capacity): Capacity => ({
  read: a.read + b.read,
  write: a.write + b.write,
  indexWrite: a.indexWrite + b.indexWrite,
  reportedByLocal: a.reportedByLocal + b.reportedByLocal,
});

/** An item's size in bytes, as DynamoDB counts it for capacity and its 400 KB limit. */
export function itemSize(item: Record<string, AttributeValue>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += utf8(name) + valueSize(value);
  return size;
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + b.length, 0);
  // A list or map: 3 bytes, and 1 byte per element besides the element itself.
  if (value.L !== undefined) return 3 + value.L.reduce((sum, element) => sum + 1 + valueSize(element), 0);
  if (value.M !== undefined)
    return 3 + Object.entries(value.M).reduce((sum, [name, element]) => sum + 1 + utf8(name) + valueSize(element), 0);
  throw new Error(`unknown attribute value ${JSON.stringify(value)}`);
}

/** A number: 1 byte per two significant digits, plus 1. */
export function numberSize(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Write units for one write of an item of `bytes` (at least one unit). */
export const writeUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / 1024));
/** Read units for one strongly consistent read of `bytes`. */
export const readUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / 4096));

type Item = Record<string, AttributeValue>;
/** The key attributes of each index: an item is in an index while it carries them all. */
const INDEX_KEYS = [
  ...tableDefinition.globalSecondaryIndexes.map((index) => [index.partitionKey.name, index.sortKey.name]),
  ...tableDefinition.localSecondaryIndexes.map((index) => [tableDefinition.partitionKey.name, index.sortKey.name]),
];

/** What one transactional write action costs, given its item before and after. */
export function transactionalWriteCapacity(before: Item | undefined, after: Item | undefined): { write: number; indexWrite: number } {
  const size = Math.max(before ? itemSize(before) : 0, after ? itemSize(after) : 0);
  let indexWrite = 0;
  for (const keys of INDEX_KEYS) {
    const indexed = (item: Item | undefined) => item !== undefined && keys.every((key) => item[key] !== undefined);
    const [was, is] = [indexed(before), indexed(after)];
    const sameKey = was && is && keys.every((key) => JSON.stringify(before![key]) === JSON.stringify(after![key]));
    if (was && is && !sameKey) indexWrite += writeUnits(itemSize(before!)) + writeUnits(itemSize(after!));
    else if (is) indexWrite += writeUnits(itemSize(after!));
    else if (was) indexWrite += writeUnits(itemSize(before!));
  }
  return { write: 2 * writeUnits(size), indexWrite };
}

/**
 * Measures the capacity every request of a client consumes: asks DynamoDB for it, and prices
 * transactions from their items, read before and after through a separate client. The extra
 * reads make requests slower: meter only what is not also being timed. A read is billed one unit
 * at least (half, eventually consistent), found or not. Not priced: a refused
 * transaction (AWS bills it too), and a single-item write's index units, which count as `write`.
 */
export class CapacityMeter {
  private consumed: Capacity = NO_CAPACITY;
  /** Off, the meter lets requests through untouched. */
  enabled = false;

  constructor(private readonly side: DynamoDBClient) {}

  get total(): Capacity {
    return this.consumed;
  }

  reset(): void {
    this.consumed = NO_CAPACITY;
  }

  /** On a client or a document client (which shares its client's middleware). */
  attachTo(client: DynamoDBClient | DynamoDBDocumentClient): void {
    const stack = (client as DynamoDBClient).middlewareStack;
    stack.add(
      (next) => (args) => {
        if (this.enabled) (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'INDEXES';
        return next(args);
      },
      { step: 'initialize', name: 'benchAskCapacity' },
    );
    stack.add(
      (next, context) => async (args) => {
        if (!this.enabled) return next(args);
        const input = args.input as Record<string, unknown>;
        const transaction = context.commandName === 'TransactWriteItemsCommand' ? (input.TransactItems as TransactWriteItem[]) : undefined;
        const before = transaction ? await this.read(transaction) : undefined;
        const result = await next(args);
        const output = result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
        const reported = [output.ConsumedCapacity ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
        if (transaction) {
          const after = await this.read(transaction);
          this.add(transactionCapacity(transaction, before!, after), reported);
        } else {
          const isRead = ['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand'].includes(context.commandName ?? '');
          // AWS bills a read that finds nothing too: one unit (half, eventually consistent); DynamoDB Local reports 0.
          const least = input.ConsistentRead ? 1 : 0.5;
          this.add({ read: isRead ? Math.max(reported, least) : 0, write: isRead ? 0 : reported, indexWrite: 0 }, reported);
        }
        return result;
      },
      { step: 'build', name: 'benchCapacityMeter', priority: 'low' },
    );
  }

  private add(capacity: Omit<Capacity, 'reportedByLocal'>, reportedByLocal: number): void {
    this.consumed = addCapacity(this.consumed, { ...capacity, reportedByLocal });
  }

  /** The current items a transaction names, by key. */
  private async read(transaction: readonly TransactWriteItem[]): Promise<Map<string, Item>> {
    const found = new Map<string, Item>();
    const keys = transaction.map(actionKey);
    for (let i = 0; i < keys.length; i += 100) {
      const batch = keys.slice(i, i + 100);
      const byTable = new Map<string, Item[]>();
      for (const { table, key } of batch) byTable.set(table, [...(byTable.get(table) ?? []), key]);
      let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> = Object.fromEntries(
        [...byTable].map(([table, Keys]) => [table, { Keys, ConsistentRead: true }]),
      );
      while (Object.keys(request).length > 0) {
        const { Responses = {}, UnprocessedKeys = {} } = await this.side.send(new BatchGetItemCommand({ RequestItems: request }));
        for (const [table, items] of Object.entries(Responses)) for (const item of items) found.set(keyName(table, item), item);
        request = UnprocessedKeys as typeof request;
      }
    }
    return found;
  }
}

function transactionCapacity(transaction: readonly TransactWriteItem[], before: Map<string, Item>, after: Map<string, Item>) {
  let write = 0;
  let indexWrite = 0;
  for (const action of transaction) {
    const { table, key } = actionKey(action);
    const name = keyName(table, key);
    // A ConditionCheck writes nothing, but costs as a write of the item it checks.
    const afterItem = action.ConditionCheck ? before.get(name) : after.get(name);
    const cost = transactionalWriteCapacity(before.get(name), afterItem);
    write += cost.write;
    if (!action.ConditionCheck) indexWrite += cost.indexWrite;
  }
  return { read: 0, write, indexWrite };
}

const KEY_NAMES = [tableDefinition.partitionKey.name, tableDefinition.sortKey.name];

function actionKey(action: TransactWriteItem): { table: string; key: Item } {
  const keyed = action.Put ?? action.Update ?? action.Delete ?? action.ConditionCheck;
  const attributes = action.Put ? action.Put.Item! : (keyed as { Key: Item }).Key;
  return { table: keyed!.TableName!, key: Object.fromEntries(KEY_NAMES.map((name) => [name, attributes[name]!])) };
}

const keyName = (table: string, item: Item): string => JSON.stringify([table, ...KEY_NAMES.map((name) => item[name])]);
