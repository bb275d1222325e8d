/**
 * Setup in bulk, for the bench and the tests that need thousands of players or a full layout:
 * outside any transaction, at a fraction of the requests the API would make, leaving the store
 * as the API would have left it. Never used by the product itself.
 */
import { freshCounting, periodKeysAt } from '../functions/store/protection/limits';
import { registerLedgerCurrency } from '../functions/services/money/ledger-check';
import {
  BatchGetCommand,
  BatchWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  type BatchWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { toRecord } from '../functions/store/kernel/items';
import { accountKey, gateKey, journalSortKey, newBetKey, shardOf } from '../functions/store/kernel/keys';
import { positionItem } from '../functions/store/betting/positions';
import { openBetItem } from '../functions/store/betting/placement';
import { accountItem } from '../functions/store/money/accounts';
import { MAX_OPEN_BETS_PER_SHARD } from '../functions/store/betting/gates';
import { retryWhileRaced } from '../functions/store/kernel/retry';
import { getTableSession } from '../functions/store/tables/tables';
import type { AccountRecord } from '../functions/store/money/account-records';
import type { BetRecord, BetType } from '../functions/store/betting/bet-records';
import { validatePlacement } from '../functions/services/betting/bet-validation';
import { candidateBet } from '../functions/services/betting/candidate-bet';
import { cashJournal, stakeJournal } from '../functions/services/money/journals';
import { journalItem } from '../functions/store/money/ledger';
import type { ServiceDependencies } from '../functions/services/kernel/services';
import type { TableOf } from '../functions/services/tables/table-access';

export interface SeedBet {
  readonly playerId: string;
  readonly type: BetType;
  readonly amount: number;
}

const CONCURRENCY = 16;
/** The actor setup's journals name. */
const SETUP_ACTOR = 'bulk-setup';

/** The cashier's deposit that funds a new account, journalled as the API would journal it. */
const setupDeposit = (playerId: string, amount: number, at: string) =>
  cashJournal({ playerId, reference: `setup-${playerId}`, kind: 'DEPOSIT', amount, currency: 'MOP', at, actor: SETUP_ACTOR });

/** New accounts holding `balance` each (in MOP), as openAccount and deposit would leave them. */
export async function openFundedAccounts(deps: ServiceDependencies, playerIds: readonly string[], balance: number): Promise<void> {
  const createdAt = deps.now();
  await registerLedgerCurrency(deps, 'MOP');
  const puts = playerIds.flatMap((id) => {
    const funded = balance > 0 ? setupDeposit(id, balance, createdAt) : undefined;
    const account = accountItem({
      id,
      currency: 'MOP',
      balance,
      journals: funded ? 1 : 0,
      ...(funded ? { lastJournal: journalSortKey(funded) } : {}),
      ...(freshCounting(periodKeysAt(createdAt)) as object),
      createdAt,
    });
    return [{ PutRequest: { Item: account } }, ...(funded ? [{ PutRequest: { Item: journalItem(funded) } }] : [])];
  });
  await inParallel(chunks(puts, 25), (batch) => writeBatch(deps, { [deps.db.tableName]: batch }));
}

/**
 * Lays bets on a table: each validated by the table's rules against its player's bets laid so
 * far, as placeBet does, then written in bulk (the bet items and each player's position, each
 * player's account debited by their stakes and the stakes journalled, each gate shard's count raised). The bets as laid,
 * in the order asked. Every player must have an account that covers their stakes (and no bets
 * at the table yet).
 */
export async function seedBets(deps: ServiceDependencies, tableId: string, bets: readonly SeedBet[]): Promise<BetRecord[]> {
  const table = (await getTableSession(deps.db, tableId)) as TableOf<'CRAPS' | 'BACCARAT'>;
  const own = new Map<string, BetRecord[]>();
  const shards = table.betShards;
  const laid = bets.map((seed) => {
    const key = newBetKey(seed.playerId, shards, deps.newId());
    const candidate = candidateBet(
      table,
      { playerId: seed.playerId, roles: new Set() },
      { tableId, type: seed.type, amount: seed.amount },
      key,
      deps.now(),
    );
    const mine = own.get(seed.playerId) ?? [];
    const bet = validatePlacement(table, candidate, mine);
    own.set(seed.playerId, [...mine, bet]);
    return { key, bet };
  });

  const positions = [...own].map(([playerId, mine]) => positionItem(tableId, shardOf(playerId, shards), playerId, mine.length));
  await inParallel(chunks(positions, 25), (batch) =>
    writeBatch(deps, { [deps.db.tableName]: batch.map((Item) => ({ PutRequest: { Item } })) }),
  );
  await inParallel(chunks(laid, 25), (batch) =>
    writeBatch(deps, { [deps.db.tableName]: batch.map(({ key, bet }) => ({ PutRequest: { Item: openBetItem(tableId, key, bet) } })) }),
  );
  // The players' accounts, read and written back debited, in batches (setup: nothing else moves them meanwhile).
  const debited: Record<string, unknown>[] = [];
  for (const batch of chunks([...own], 100)) {
    const accounts = await getAccounts(
      deps,
      batch.map(([playerId]) => playerId),
    );
    for (const [playerId, mine] of batch) {
      const account = accounts.get(playerId);
      const staked = mine.reduce((sum, bet) => sum + bet.amount, 0);
      if (!account || account.balance < staked) throw new Error(`seeding: ${playerId}'s account cannot cover ${staked}`);
      const stakes = mine.map((bet) => stakeJournal(bet, table.currency, SETUP_ACTOR));
      const last = stakes.map(journalSortKey).sort().at(-1)!;
      debited.push(
        accountItem({ ...account, balance: account.balance - staked, journals: (account.journals ?? 0) + mine.length, lastJournal: last }),
      );
      for (const journal of stakes) debited.push(journalItem(journal));
    }
  }
  await inParallel(chunks(debited, 25), (batch) =>
    writeBatch(deps, { [deps.db.tableName]: batch.map((Item) => ({ PutRequest: { Item } })) }),
  );
  const perShard = new Map<number, number>();
  for (const { bet } of laid) perShard.set(shardOf(bet.playerId, shards), (perShard.get(shardOf(bet.playerId, shards)) ?? 0) + 1);
  const fullest = Math.max(...perShard.values());
  if (fullest > MAX_OPEN_BETS_PER_SHARD)
    throw new Error(`a layout of ${fullest} bets in one shard: a shard holds ${MAX_OPEN_BETS_PER_SHARD}`);
  await inParallel([...perShard], ([shard, count]) =>
    retryWhileRaced(() =>
      deps.db.doc.send(
        new UpdateCommand({
          TableName: deps.db.tableName,
          Key: gateKey(tableId, shard),
          UpdateExpression: 'SET #open = #open + :count',
          ExpressionAttributeNames: { '#open': 'open' },
          ExpressionAttributeValues: { ':count': count },
        }),
      ),
    ),
  );
  return laid.map(({ bet }) => bet);
}

async function getAccounts(deps: ServiceDependencies, playerIds: readonly string[]): Promise<Map<string, AccountRecord>> {
  const found = new Map<string, AccountRecord>();
  let pending: BatchGetCommandInput['RequestItems'] = {
    [deps.db.tableName]: { Keys: playerIds.map((id) => ({ ...accountKey(id) })), ConsistentRead: true },
  };
  while (pending && Object.keys(pending).length > 0) {
    const page: BatchGetCommandOutput = await deps.db.doc.send(new BatchGetCommand({ RequestItems: pending }));
    for (const item of page.Responses?.[deps.db.tableName] ?? []) found.set(item.id as string, toRecord<AccountRecord>(item));
    pending = page.UnprocessedKeys;
  }
  return found;
}

async function writeBatch(deps: ServiceDependencies, requestItems: NonNullable<BatchWriteCommandInput['RequestItems']>): Promise<void> {
  let pending = requestItems;
  while (Object.keys(pending).length > 0)
    pending = (await deps.db.doc.send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems ?? {};
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
