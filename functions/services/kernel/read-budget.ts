import { withReadsCounted, type Db } from '../../store/kernel/db';
import { ServiceError } from './service-error';
import { numberParam } from '../../rules/error-params';

/**
 * What one request may read of the store, counted as it runs: each read sent to DynamoDB (a Query
 * or Scan page, a GetItem, a batch of up to 100 keys, a transactional read) is one, whatever made
 * it. The static cost (graphql/request-limits.ts) refuses what is known to read too much before
 * anything runs; this is what bounds what actually happens, whatever a document's estimate said.
 * Past it, every further read of the request is refused with REQUEST_TOO_EXPENSIVE: a resolver's
 * reads come before its writes, so the field refused changes nothing.
 *
 * 2,000 is some twenty times what the heaviest single operation reads (recording an outcome at a
 * full table: its 64 shards and its job's own reads).
 */
export const MAX_READS_PER_REQUEST = 2_000;

/**
 * Calls to a partner's wallet (its balance, a stake's debit) one request may make: each is a round
 * trip to another company's server, which no document may multiply (2,000 aliases of walletBalance
 * would be 2,000 calls). 20: one per mutation a document may hold, a seamless stake's debit each.
 * The document's estimate of them is checked before anything runs (graphql/request-limits.ts),
 * and what it calls as it runs is counted here.
 */
export const MAX_WALLET_CALLS_PER_REQUEST = 20;

/** The code a request past its read budget (or its static estimate of it) is refused with: a client's mistake. */
export const REQUEST_TOO_EXPENSIVE = 'REQUEST_TOO_EXPENSIVE' as const;

/**
 * Reading a table's layout afresh (its 64 shards) is allowed this many times per request: a lobby
 * page answers every other table's totals from what is stored (services/betting/layout-totals.ts).
 */
export const LAYOUT_REFRESHES_PER_REQUEST = 2;

export class ReadBudget {
  #spent = 0;
  #refused = false;
  #layoutRefreshes = 0;
  #walletCalls = 0;

  constructor(readonly limit: number = MAX_READS_PER_REQUEST) {}

  /** Reads counted so far. */
  get spent(): number {
    return this.#spent;
  }

  /** Whether a read was refused: the request went past its budget. */
  get refused(): boolean {
    return this.#refused;
  }

  /** Counts a read about to be sent, or refuses it. */
  spend(): void {
    if (this.#spent >= this.limit) {
      this.#refused = true;
      throw new ServiceError(
        REQUEST_TOO_EXPENSIVE,
        'This request needed more than {max} reads of the store, what one request may make: ask for fewer tables or fields at once.',
        undefined,
        [numberParam('max', this.limit)],
      );
    }
    this.#spent += 1;
  }

  /** Counts a call to a partner's wallet about to be sent, or refuses it (nothing sent). */
  spendWalletCall(): void {
    if (this.#walletCalls >= MAX_WALLET_CALLS_PER_REQUEST) {
      this.#refused = true;
      throw new ServiceError(
        REQUEST_TOO_EXPENSIVE,
        'This request needed more than {max} calls to the wallet, what one request may make: ask for the balance once.',
        undefined,
        [numberParam('max', MAX_WALLET_CALLS_PER_REQUEST)],
      );
    }
    this.#walletCalls += 1;
  }

  /** Takes one of the request's layout refreshes, if one is left and the budget has `reads` to spare for it. */
  takeLayoutRefresh(reads: number): boolean {
    if (this.#layoutRefreshes >= LAYOUT_REFRESHES_PER_REQUEST || this.#spent + reads > this.limit) return false;
    this.#layoutRefreshes += 1;
    return true;
  }
}

/**
 * What a read budget is put on: the service dependencies (services.ts), described by what this
 * module needs of them, so that services.ts can name ReadBudget without the two importing each other.
 */
interface Budgetable {
  readonly db: Db;
  readonly reads?: ReadBudget | undefined;
}

/** The dependencies one request runs with: the same, but each read it makes is counted against `budget`. */
export function budgeted<D extends Budgetable>(deps: D, budget: ReadBudget): D {
  const db = withReadsCounted(deps.db, () => budget.spend());
  uncounted.set(db, deps.db);
  return { ...deps, db, reads: budget };
}

/** Each request's counted store, to the process's store it counts reads on. */
const uncounted = new WeakMap<Db, Db>();

/**
 * The same dependencies with no read budget: for work a request starts but did not ask for by its
 * document, a round's settlement job above all (its reads grow with the round's bets, and a job
 * stopped by the dealer's budget would leave players waiting for the sweeper).
 */
export function outsideReadBudget<D extends Budgetable>(deps: D): D {
  const db = uncounted.get(deps.db);
  return db ? { ...deps, db, reads: undefined } : deps;
}
