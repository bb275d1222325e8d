import { MAX_BALANCE } from '../rules/money';
import { createAccount, getAccount } from '../store/accounts';
import { commitCashMovement, getCashMovement } from '../store/cashier';
import type { AccountRecord, CashMovementRecord } from '../store/records';
import { ServiceError } from './service-error';
import { assertClientKey, assertCurrency, assertSubject } from './request-checks';
import type { Caller, ServiceDependencies } from './services';
import { cashJournal } from './journals';
import { bookPage, bookSortKey, type JournalRecord } from '../store/ledger';
import { assertRange, decodeBookCursor, encodeBookCursor, pageOf, pageSize, type Page } from './pages';

/**
 * The cashier, for operators: accounts are opened empty, and money enters or leaves them only
 * as deposits and withdrawals, each under a client reference that moves money at most once.
 */

export async function openAccount(
  deps: ServiceDependencies,
  _caller: Caller,
  request: { playerId: string; currency: string },
): Promise<AccountRecord> {
  assertCurrency(request.currency);
  assertSubject('playerId', request.playerId);
  const account: AccountRecord = { id: request.playerId, currency: request.currency, balance: 0, createdAt: deps.now() };
  if (await createAccount(deps.db, account)) return account;
  const existing = (await getAccount(deps.db, request.playerId))!;
  // Opening the same account again is a retry, not an error; in another currency it is a mistake.
  if (existing.currency !== request.currency) {
    throw new ServiceError('CURRENCY_MISMATCH', `That player already has an account in ${existing.currency}.`);
  }
  return existing;
}

export interface CashMovementRequest {
  readonly playerId: string;
  readonly amount: number;
  readonly reference: string;
}

export const deposit = (deps: ServiceDependencies, caller: Caller, request: CashMovementRequest) =>
  moveCash(deps, caller, request, 'DEPOSIT');
export const withdraw = (deps: ServiceDependencies, caller: Caller, request: CashMovementRequest) =>
  moveCash(deps, caller, request, 'WITHDRAWAL');

async function moveCash(
  deps: ServiceDependencies,
  caller: Caller,
  request: CashMovementRequest,
  kind: CashMovementRecord['kind'],
): Promise<AccountRecord> {
  assertClientKey('reference', request.reference);
  if (request.playerId === caller.playerId) throw new ServiceError('FORBIDDEN', 'Nobody may move money into or out of their own account.');
  if (request.amount <= 0) throw new ServiceError('BAD_USER_INPUT', `amount must be positive, got ${request.amount}.`);
  if (request.amount > MAX_BALANCE) throw new ServiceError('BALANCE_LIMIT', `A deposit may not bring a balance above ${MAX_BALANCE}.`);
  const before = await getAccount(deps.db, request.playerId);
  if (!before) throw new ServiceError('NOT_FOUND', 'That player has no account.');
  const movement: CashMovementRecord = {
    playerId: request.playerId,
    reference: request.reference,
    kind,
    amount: request.amount,
    currency: before.currency,
    at: deps.now(),
    actor: caller.playerId,
  };
  // The journal is in the account's currency, and the transaction checks it still is.
  const outcome = await commitCashMovement(deps.db, movement, cashJournal(movement));
  if (outcome === 'REFERENCE_USED') {
    const earlier = (await getCashMovement(deps.db, request.playerId, request.reference))!;
    if (earlier.kind !== kind || earlier.amount !== request.amount) {
      throw new ServiceError(
        'IDEMPOTENCY_KEY_REUSED',
        `This reference already recorded a ${earlier.kind.toLowerCase()} of ${earlier.amount} for that player.`,
      );
    }
  }
  const account = await getAccount(deps.db, request.playerId);
  if (!account) throw new ServiceError('NOT_FOUND', 'That player has no account.');
  if (outcome === 'ACCOUNT_REFUSED' && kind === 'DEPOSIT') {
    throw new ServiceError('BALANCE_LIMIT', `A deposit may not bring a balance above ${MAX_BALANCE}.`);
  }
  if (outcome === 'ACCOUNT_REFUSED') {
    throw new ServiceError('INSUFFICIENT_FUNDS', `A withdrawal of ${request.amount} exceeds the balance of ${account.balance}.`);
  }
  return account;
}

/** A movement by its reference (did the deposit go through?): an operator's, or the player's own; undefined if there is none. */
export async function findCashMovement(
  deps: ServiceDependencies,
  caller: Caller,
  playerId: string,
  reference: string,
): Promise<CashMovementRecord | undefined> {
  assertClientKey('reference', reference);
  if (playerId !== caller.playerId && !caller.roles.has('OPERATOR')) {
    throw new ServiceError('FORBIDDEN', "Only an operator may look up another player's cash movements.");
  }
  return getCashMovement(deps.db, playerId, reference);
}

export interface CashMovementsRequest {
  readonly currency: string;
  readonly first?: number | null;
  readonly after?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

export interface CashMovementEntry {
  readonly movement: CashMovementRecord;
  readonly cursor: string;
}

export type CashMovementPage = Page<CashMovementEntry>;

/** The cashier's movements in a currency, newest first, by time range (from inclusive, to exclusive), a page at a time. */
export async function listCashMovements(deps: ServiceDependencies, request: CashMovementsRequest): Promise<CashMovementPage> {
  assertCurrency(request.currency);
  assertRange(request.from, request.to);
  const first = pageSize(request.first);
  const to = request.to ?? undefined;
  const after = request.after ? decodeBookCursor(request.after) : undefined;
  const page = await bookPage(deps.db, request.currency, {
    kinds: ['DEPOSIT', 'WITHDRAWAL'],
    ...(request.from ? { fromSk: request.from } : {}),
    ...(after !== undefined || to !== undefined ? { belowSk: [after, to].filter((bound) => bound !== undefined).sort()[0] } : {}),
    limit: first,
  });
  const entries = page.journals.map((journal) => ({ movement: movementOf(journal), cursor: encodeBookCursor(bookSortKey(journal)) }));
  return pageOf(entries, page.hasMore);
}

/** A cash journal as the movement it records. */
function movementOf(journal: JournalRecord): CashMovementRecord {
  const leg = journal.legs.find((candidate) => candidate.account.kind === 'PLAYER')!;
  return {
    playerId: leg.account.id!,
    reference: journal.cause.reference!,
    kind: journal.kind as CashMovementRecord['kind'],
    amount: Math.abs(leg.amount),
    currency: journal.currency,
    at: journal.at,
    actor: journal.actor,
  };
}
