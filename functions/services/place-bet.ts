import { getAccount } from '../store/accounts';
import { getBet, listOpenBets } from '../store/bets';
import { betId } from '../store/keys';
import { betIdForIdempotencyKey, commitBetPlacement } from '../store/placement';
import type { BetRecord, BetType } from '../store/records';
import { validatePlacement } from './bet-validation';
import { assertBettingOpen } from './betting-gate';
import { assertClientKey } from './request-checks';
import { ServiceError } from './service-error';
import { epochSeconds, type Caller, type ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from './table-access';

export interface PlaceBetRequest {
  readonly tableId: string;
  readonly type: BetType;
  readonly amount: number;
  readonly baseBetId?: string | null;
  readonly seat?: number | null;
  readonly idempotencyKey?: string | null;
}

/**
 * Places a bet for the caller: validated by the table's game rules against its current state and
 * the bets already on the layout, then the stake is debited and the bet laid in one transaction.
 */
export async function placeBet(deps: ServiceDependencies, caller: Caller, request: PlaceBetRequest): Promise<BetRecord> {
  const key = request.idempotencyKey ?? undefined;
  if (key !== undefined) assertClientKey('idempotencyKey', key);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = deps.now();
    if (key !== undefined) {
      const existing = await betPlacedWithKey(deps, caller, key, now);
      if (existing) return sameRequest(existing, request, key);
    }
    const table = await loadPlayableTable(deps, request.tableId, ['CRAPS', 'BACCARAT']);
    assertBettingOpen(table);
    const account = await getAccount(deps.db, caller.playerId);
    if (!account) throw new ServiceError('NOT_FOUND', `Player "${caller.playerId}" has no account.`);
    if (account.currency !== table.currency) {
      throw new ServiceError('CURRENCY_MISMATCH', `The table plays in ${table.currency}; your account holds ${account.currency}.`);
    }
    const openBets = await listOpenBets(deps.db, table.id);
    const betKey = deps.newId();
    const candidate: BetRecord = {
      id: betId(table.id, betKey),
      tableId: table.id,
      playerId: caller.playerId,
      type: request.type,
      amount: request.amount,
      number: null,
      baseBetId: request.baseBetId ?? null,
      seat: request.seat ?? null,
      status: 'OPEN',
      winnings: 0,
      returned: 0,
      placedAt: now,
    };
    const bet = validatePlacement(table, candidate, openBets);
    if (account.balance < request.amount) {
      throw new ServiceError('INSUFFICIENT_FUNDS', `A stake of ${request.amount} exceeds your balance of ${account.balance}.`);
    }

    const outcome = await commitBetPlacement(
      deps.db,
      { table, betKey, bet, ...(key !== undefined ? { idempotencyKey: key } : {}) },
      epochSeconds(now),
    );
    if (outcome.placed) return bet;
    if (outcome.reason === 'DUPLICATE_REQUEST') return sameRequest(await requireBet(deps, outcome.existingBetId), request, key!);
    // ACCOUNT_REFUSED: the balance or currency changed since it was read; the next attempt re-reads and explains.
  }
  throw tableBusy(request.tableId);
}

/** A key names one request: the bet it placed is returned only to the same request. */
function sameRequest(bet: BetRecord, request: PlaceBetRequest, key: string): BetRecord {
  const same =
    bet.tableId === request.tableId &&
    bet.type === request.type &&
    bet.amount === request.amount &&
    (bet.baseBetId ?? null) === (request.baseBetId ?? null) &&
    (bet.seat ?? null) === (request.seat ?? null);
  if (!same) {
    throw new ServiceError(
      'IDEMPOTENCY_KEY_REUSED',
      `idempotencyKey "${key}" already placed a different bet (${bet.type} ${bet.amount} at table "${bet.tableId}").`,
    );
  }
  return bet;
}

async function betPlacedWithKey(deps: ServiceDependencies, caller: Caller, key: string, now: string): Promise<BetRecord | undefined> {
  const existingId = await betIdForIdempotencyKey(deps.db, caller.playerId, key, epochSeconds(now));
  return existingId ? requireBet(deps, existingId) : undefined;
}

async function requireBet(deps: ServiceDependencies, id: string): Promise<BetRecord> {
  const bet = await getBet(deps.db, id);
  if (!bet) throw new Error(`idempotency record points at bet ${id}, which is not stored`);
  return bet;
}
