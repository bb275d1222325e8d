import { registerLedgerCurrency } from './ledger-check';
import { MAX_BALANCE } from '../../rules/money';
import { getAccount } from '../../store/money/accounts';
import { createAccount } from '../../store/money/account-opening';
import { commitCashMovement, getCashMovement } from '../../store/money/cashier';
import type { AccountRecord, CashMovementRecord } from '../../store/money/account-records';
import { ServiceError } from '../kernel/service-error';
import { assertClientKey, assertCurrency } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertPlayerId, managesPlayer, mayReadPlayer, reportScope } from '../tables/tenancy';
import { cashJournal } from './journals';
import { bookPage, bookSortKey, type JournalRecord } from '../../store/money/ledger';
import { assertRange, decodeBookCursor, encodeBookCursor, pageOf, pageSize, type Page } from '../kernel/pages';
import { seamlessWalletOf } from '../wallet/partner-wallets';
import { getRestriction } from '../../store/protection/restrictions';
import { freshCounting, periodKeysAt } from '../../store/protection/limits';
import { limitRefusal } from '../protection/limits';
import { countProtectionRefusal } from '../protection/refusals';
import { accountRestriction } from '../protection/restrictions';
import { PATIENT_ATTEMPTS, inPlayersTurn } from '../kernel/player-requests';
import { raceWaitCap, retryWhileRaced } from '../../store/kernel/retry';
import { moneyParam, textParam } from '../../rules/error-params';

/**
 * The cashier, for operators: accounts are opened empty, and money enters or leaves them only
 * as deposits and withdrawals, each under a client reference that moves money at most once: a
 * reference is the partner's (its payment's id, say), used once whichever of its players' accounts
 * it names. A partner's operator opens accounts for, and moves the money of, its own players only.
 */

export async function openAccount(
  deps: ServiceDependencies,
  caller: Caller,
  request: { playerId: string; currency: string },
): Promise<AccountRecord> {
  assertCurrency(request.currency);
  assertPlayerId('playerId', request.playerId);
  assertManaged(caller, request.playerId);
  await assertHasAccounts(deps, request.playerId);
  // Noted before the account exists, so that no journal is ever in a currency the daily checks do not know.
  await registerLedgerCurrency(deps, request.currency);
  for (let attempt = 0; ; attempt++) {
    // The account carries the player's restrictions from its first moment (docs/PLAYER-PROTECTION.md).
    const restriction = await getRestriction(deps.db, request.playerId);
    const now = deps.now();
    const account: AccountRecord = {
      id: request.playerId,
      currency: request.currency,
      balance: 0,
      ...(restriction?.restrictedUntil ? { restrictedUntil: restriction.restrictedUntil } : {}),
      ...(restriction?.blocked ? { blocked: true as const } : {}),
      // Counting against limits from its first stake (none set yet: a new account's are the operator's to set).
      ...(freshCounting(periodKeysAt(now)) as object),
      createdAt: now,
    };
    const created = await createAccount(deps.db, account, restriction?.version);
    if (created === 'CREATED') return account;
    if (created === 'EXISTS') break;
    if (attempt >= 4) throw new ServiceError('CONFLICT', 'The player’s protection changed while the account was opened; retry.');
  }
  const existing = (await getAccount(deps.db, request.playerId))!;
  // Opening the same account again is a retry, not an error; in another currency it is a mistake.
  if (existing.currency !== request.currency) {
    throw new ServiceError('CURRENCY_MISMATCH', 'That player already has an account in {currency}.', undefined, [
      textParam('currency', existing.currency),
    ]);
  }
  return existing;
}

export interface CashMovementRequest {
  readonly playerId: string;
  readonly amount: number;
  readonly reference: string;
}

export async function deposit(deps: ServiceDependencies, caller: Caller, request: CashMovementRequest): Promise<AccountRecord> {
  try {
    return await inPlayersTurn(deps, request.playerId, () => moveCash(deps, caller, request, 'DEPOSIT'));
  } catch (error) {
    // Player protection's refusals are counted for the daily report.
    if (error instanceof ServiceError) await countProtectionRefusal(deps, request.playerId, error.code);
    throw error;
  }
}
/** In the player's turn (deposits likewise): a player's movements and bets through this process take turns at their account. */
export const withdraw = (deps: ServiceDependencies, caller: Caller, request: CashMovementRequest) =>
  inPlayersTurn(deps, request.playerId, () => moveCash(deps, caller, request, 'WITHDRAWAL'));

/** A seamless partner's players keep their money in its wallet (docs/WALLET.md): no account of ours is opened or paid into for them. */
async function assertHasAccounts(deps: ServiceDependencies, playerId: string): Promise<void> {
  if (await seamlessWalletOf(deps, playerId))
    throw new ServiceError(
      'BAD_USER_INPUT',
      "The player's partner keeps its players' money in its own wallet: they have no account here to pay into.",
      'playerId',
    );
}

async function moveCash(
  deps: ServiceDependencies,
  caller: Caller,
  request: CashMovementRequest,
  kind: CashMovementRecord['kind'],
): Promise<AccountRecord> {
  assertClientKey('reference', request.reference);
  assertManaged(caller, request.playerId);
  if (request.playerId === caller.playerId) throw new ServiceError('FORBIDDEN', 'Nobody may move money into or out of their own account.');
  if (request.amount <= 0) throw new ServiceError('BAD_USER_INPUT', 'amount must be positive.', 'amount');
  // Winnings may take a balance past MAX_BALANCE: only a deposit is held to it, a withdrawal to the balance.
  if (kind === 'DEPOSIT' && request.amount > MAX_BALANCE) {
    // Before the account is read: the ceiling is a count of minor units, whatever the currency.
    throw new ServiceError('BALANCE_LIMIT', 'A deposit may not bring a balance above {maximum} minor units.', undefined, [
      moneyParam('maximum', MAX_BALANCE),
    ]);
  }
  // Withdrawals still work: a partner that became seamless lets its players take out what they hold here.
  if (kind === 'DEPOSIT') await assertHasAccounts(deps, request.playerId);
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
  // The journal is in the account's currency, and the transaction checks it still is; a race
  // with another process's use of the account is waited out (player-requests.ts).
  const commit = () => retryWhileRaced(() => commitCashMovement(deps.db, movement, cashJournal(movement)), PATIENT_ATTEMPTS, raceWaitCap());
  let outcome = await commit();
  // A deposit meeting a new day, week or month starts its limits' counting again, once, and is sent again.
  for (let again = 0; outcome === 'ACCOUNT_REFUSED' && kind === 'DEPOSIT' && again < 3; again++) {
    const account = await getAccount(deps.db, request.playerId);
    const limits = account && (await limitRefusal(deps, account, ['DEPOSIT'], request.amount, movement.at));
    if (limits !== 'ROLLED' && limits !== 'APPLIED') break;
    outcome = await commit();
  }
  if (outcome === 'REFERENCE_USED') {
    const earlier = (await getCashMovement(deps.db, request.playerId, request.reference))!;
    if (earlier.playerId !== request.playerId) {
      throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'This reference already moved money of another account.');
    }
    if (earlier.kind !== kind || earlier.amount !== request.amount) {
      throw new ServiceError(
        'IDEMPOTENCY_KEY_REUSED',
        `This reference already recorded a ${earlier.kind.toLowerCase()} of {amount} for that player.`,
        undefined,
        [moneyParam('amount', earlier.amount, earlier.currency)],
      );
    }
  }
  const account = await getAccount(deps.db, request.playerId);
  if (!account) throw new ServiceError('NOT_FOUND', 'That player has no account.');
  if (outcome === 'ACCOUNT_REFUSED' && kind === 'DEPOSIT') {
    const restricted = await accountRestriction(deps, account, movement.at);
    if (restricted) throw restricted;
    const limits = await limitRefusal(deps, account, ['DEPOSIT'], request.amount, movement.at);
    if (limits instanceof ServiceError) throw limits;
    throw new ServiceError('BALANCE_LIMIT', 'A deposit may not bring a balance above {maximum}.', undefined, [
      moneyParam('maximum', MAX_BALANCE, account.currency),
    ]);
  }
  if (outcome === 'ACCOUNT_REFUSED') {
    throw new ServiceError('INSUFFICIENT_FUNDS', 'The withdrawal exceeds the balance of {balance}.', undefined, [
      moneyParam('balance', account.balance, account.currency),
    ]);
  }
  return account;
}

/** A movement of a player's account by its reference (did the deposit go through?): the player's own, or an operator's of its players; undefined if there is none. */
export async function findCashMovement(
  deps: ServiceDependencies,
  caller: Caller,
  playerId: string,
  reference: string,
): Promise<CashMovementRecord | undefined> {
  assertClientKey('reference', reference);
  if (!mayReadPlayer(caller, playerId)) {
    throw new ServiceError('FORBIDDEN', "Only an operator of the player's partner may look up another player's cash movements.");
  }
  const movement = await getCashMovement(deps.db, playerId, reference);
  // The reference is the partner's: it may have moved another account's money, not this one's.
  return movement?.playerId === playerId ? movement : undefined;
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

/**
 * The cashier's movements in a currency, newest first, by time range (from inclusive, to
 * exclusive), a page at a time: for a partner's operator, its own players' only.
 */
export async function listCashMovements(
  deps: ServiceDependencies,
  caller: Caller,
  request: CashMovementsRequest,
): Promise<CashMovementPage> {
  assertCurrency(request.currency);
  assertRange(request.from, request.to);
  const first = pageSize(request.first);
  const to = request.to ?? undefined;
  const after = request.after ? decodeBookCursor(request.after) : undefined;
  const partner = reportScope(caller);
  const page = await bookPage(deps.db, request.currency, {
    kinds: ['DEPOSIT', 'WITHDRAWAL'],
    ...(partner !== undefined ? { partner } : {}),
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

function assertManaged(caller: Caller, playerId: string): void {
  if (!managesPlayer(caller, playerId)) throw new ServiceError('FORBIDDEN', "A partner's operator manages its own players' accounts only.");
}
