import { tableDefinition } from '../functions/store/kernel/table-definition';
import type { FunctionRole } from './deployment-settings';

type IndexName =
  | (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName']
  | (typeof tableDefinition.localSecondaryIndexes)[number]['indexName'];

/** The DynamoDB actions a function's code calls: on the table's items, and on each index it queries. */
export interface TableAccess {
  readonly table: readonly string[];
  readonly indexes: Readonly<Partial<Record<IndexName, readonly string[]>>>;
}

/**
 * Exactly what each function's code sends, as IAM authorizes it: a TransactWriteItems is
 * authorized item by item as PutItem, UpdateItem, DeleteItem or ConditionCheckItem (the code
 * writes no ConditionCheck), and a TransactGetItems as GetItem. test/infra/table-access.test.ts
 * records what the GraphQL function and the sweeper really send against DynamoDB Local, and
 * checks it against these lists.
 */
export const TABLE_ACCESS: Readonly<Record<Exclude<FunctionRole, 'stream'>, TableAccess>> = {
  graphql: {
    // BatchGetItem: bets, limit profiles and the ledger's days with findings read together;
    // BatchWriteItem: an outcome's plan chunks. No Scan: no function reads the whole table.
    // ConditionCheckItem: a player's restrictions, checked as their account is opened (and by a seamless player's bets).
    table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
    // The layout (open bets of a table), a player's bets, the ledger's book.
    indexes: { layout: ['Query'], byOwner: ['Query'], book: ['Query'] },
  },
  // The settlement jobs it finishes: their markers, outcomes, plans, bets, accounts, journals and
  // pools; and the calls to partners' wallets that are due (byOwner), with their partners.
  // BatchGetItem: version 2 seamless players' sessions (a settlement's calls carry their tokens),
  // and a round's listed calls before its closing credit is sent.
  sweeper: {
    table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: { byOwner: ['Query'] },
  },
  // A call to a partner's wallet: the call, its partner's configuration, the call's next state;
  // before a version 2 round's closing credit, the round's other calls (a batch) and its closing (an update).
  walletWorker: {
    table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'],
    indexes: {},
  },
  // The parts of settlements it pays: as the sweeper, a part at a time (version 2 players' sessions in a batch).
  settlementWorker: {
    table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: {},
  },
  // A step of a round loop (tables the server deals): its claim, the table and its seed; closing
  // betting (the gates, the layout read for a shooter) and recording the outcome with its plan, as
  // a dealer's request does, then paying it as the recording request pays a round of one part.
  rngWorker: {
    // BatchGetItem: version 2 seamless players' sessions, for the calls that pay them.
    table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    // The layout: who may shoot, and the bets an outcome decides.
    indexes: { layout: ['Query'] },
  },
  // The ledger's daily check: a day's journals (the book), the balances they moved (accounts,
  // pools, a player's later journals) and the checks it keeps beside them.
  ledgerCheck: {
    table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'BatchWriteItem'],
    indexes: { book: ['Query'] },
  },
  // Connections and subscriptions, and the table or pool a subscription names.
  socket: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], indexes: {} },
  // A shard's subscriptions; what their documents read (a player's limit profile); forgetting closed connections.
  fanOut: { table: ['Query', 'GetItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], indexes: {} },
  // Credential rotation: the partner's credentials (a query), a successor (a put), one retired past its overlap (an update).
  secretRotation: { table: ['Query', 'PutItem', 'UpdateItem'], indexes: {} },
};
