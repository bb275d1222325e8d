import { createJackpotPool, getJackpotPool } from '../store/jackpot-pools';
import type { JackpotPoolRecord } from '../store/records';
import { ServiceError } from './service-error';
import { assertCurrency } from './request-checks';
import type { Caller, ServiceDependencies } from './services';

export interface OpenJackpotPoolRequest {
  readonly currency: string;
  /** House money the pool starts with, and restarts from after a whole-pool prize. */
  readonly seed: number;
}

export async function openJackpotPool(
  deps: ServiceDependencies,
  _caller: Caller,
  request: OpenJackpotPoolRequest,
): Promise<JackpotPoolRecord> {
  assertCurrency(request.currency);
  const pool: JackpotPoolRecord = {
    id: deps.newId(),
    currency: request.currency,
    amount: request.seed,
    seed: request.seed,
    version: 0,
    createdAt: deps.now(),
  };
  await createJackpotPool(deps.db, pool);
  return pool;
}

export const findJackpotPool = (deps: ServiceDependencies, id: string): Promise<JackpotPoolRecord | undefined> =>
  getJackpotPool(deps.db, id);

export async function requireJackpotPool(deps: ServiceDependencies, id: string): Promise<JackpotPoolRecord> {
  const pool = await getJackpotPool(deps.db, id);
  if (!pool) throw new ServiceError('NOT_FOUND', `No jackpot pool with id "${id}".`);
  return pool;
}
