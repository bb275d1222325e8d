import type { ServiceDependencies } from './services';

/**
 * Requests of this process that would meet at one item take turns there, first come first served,
 * instead of racing for it. On DynamoDB a transaction naming an item another transaction holds is
 * refused whole (a `ConditionCheck` counts), and a refused request can only wait and send again:
 * two requests of one process that are known to meet gain nothing by racing, and the loser's
 * random wait leaves the item idle. Two turns are kept:
 * - a player's: their bets and take-downs (any table) go one at a time, each validated against
 *   the bets the one before left (layout-cache.ts), so a player's chips sent all at once by a
 *   front end land one after the other, each with one transaction, where racing they would each
 *   move the player's position (and account) under the others and be read and validated again;
 * - a gate shard's: this process sends one bet's transaction at a time through a shard, whichever
 *   player's (the shard's `open` count is written by every bet of its players).
 * A turn covers no other process's requests: a Lambda instance serves one request at a time, and
 * requests of different instances still meet at these items; those are resent (placeBet) and
 * validated again as often as a player's own chips at once need. Turns only spare the races this
 * process can see coming. Keyed by the table's name, as the process's caches are (one process
 * serves tests with a table each).
 */
const turns = new Map<string, Promise<void>>();

/** Runs `work` once every earlier request of this process in the same turn has finished (landed or not). */
export async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = turns.get(key);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const last = before ? before.then(() => mine) : mine;
  turns.set(key, last);
  try {
    if (before) await before;
    return await work();
  } finally {
    done();
    // The last in line leaves nothing behind: an idle turn costs no memory.
    if (turns.get(key) === last) turns.delete(key);
  }
}

/** Where a turn is kept: the table's name, and the instance where one process stands for several (ServiceDependencies.instance). */
const scopeOf = (deps: ServiceDependencies): string => `${deps.db.tableName}\u0000${deps.instance ?? ''}`;

/** The turn of a player's requests that move their money at the tables. */
export const playerTurn = (deps: ServiceDependencies, playerId: string): string => `${scopeOf(deps)}\u0000player\u0000${playerId}`;

/** The turn of the transactions through one gate shard of a table. */
export const gateTurn = (deps: ServiceDependencies, tableId: string, shard: number): string =>
  `${scopeOf(deps)}\u0000gate\u0000${tableId}\u0000${shard}`;
