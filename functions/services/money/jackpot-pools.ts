import { registerLedgerCurrency } from './ledger-check';
import {
  assertJackpotConfig,
  assertPoolSeed,
  combinationsWithFixedAmount,
  type JackpotCombination,
  type JackpotConfig,
  type JackpotModality,
} from '../../rules/baccarat';
import { RuleViolation } from '../../rules/rule-violation';
import { createJackpotPool, getJackpotPool } from '../../store/rounds/jackpot-pools';
import { poolSeedJournal } from './journals';
import type { JackpotPoolRecord } from '../../store/rounds/jackpot-pool-record';
import { createOnce, creation } from '../kernel/creation-keys';
import { ServiceError } from '../kernel/service-error';
import { assertCurrency } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { textParam } from '../../rules/error-params';

export interface OpenJackpotPoolRequest {
  readonly currency: string;
  /** House money the pool starts with, and restarts from after a whole-pool prize. */
  readonly seed: number;
  readonly modality: JackpotModality;
  readonly fixedAmounts: readonly { readonly combination: JackpotCombination; readonly amount: number }[];
  readonly poolPercentBasisPoints?: number | null;
  readonly approvalReference?: string | null;
  /** The client's key: the same key from the same operator opens (and seeds) one pool, however often it is sent. */
  readonly idempotencyKey?: string | null;
}

export async function openJackpotPool(
  deps: ServiceDependencies,
  caller: Caller,
  request: OpenJackpotPoolRequest,
): Promise<JackpotPoolRecord> {
  assertCurrency(request.currency);
  assertEachCombinationOnce(request.fixedAmounts);
  const missing = combinationsWithFixedAmount(request.modality).filter(
    (combination) => !request.fixedAmounts.some((prize) => prize.combination === combination),
  );
  if (missing.length > 0) {
    // Every amount is the operator's, approved by the regulator (art. 17.12): none is assumed.
    throw new ServiceError('BAD_USER_INPUT', 'Modality {modality} needs a fixed amount for {combinations} (art. 17).', undefined, [
      textParam('modality', request.modality),
      textParam('combinations', missing.join(', ')),
    ]);
  }
  const prizes: JackpotConfig = {
    modality: request.modality,
    fixedAmounts: Object.fromEntries(request.fixedAmounts.map((prize) => [prize.combination, prize.amount])),
    poolPercentBasisPoints: request.poolPercentBasisPoints ?? null,
    approvalReference: request.approvalReference ?? null,
  };
  assertJackpotConfig(prizes);
  assertPoolSeed(prizes, request.seed);
  const { idempotencyKey, ...options } = request;
  const made = creation(deps, caller, 'pool', idempotencyKey, options);
  const pool: JackpotPoolRecord = {
    id: made.id,
    ...(made.creationKey ? { creationKey: made.creationKey } : {}),
    currency: request.currency,
    amount: request.seed,
    seed: request.seed,
    prizes,
    version: 0,
    createdAt: deps.now(),
    createdBy: caller.playerId,
  };
  const seedJournal = pool.seed > 0 ? poolSeedJournal(pool, caller.playerId) : undefined;
  await registerLedgerCurrency(deps, pool.currency);
  return createOnce(
    made,
    pool,
    () => createJackpotPool(deps.db, pool, seedJournal),
    () => getJackpotPool(deps.db, pool.id),
  );
}

/** A prize table names each combination once: a second amount for one would silently replace the first. */
function assertEachCombinationOnce(fixedAmounts: OpenJackpotPoolRequest['fixedAmounts']): void {
  const seen = new Set<JackpotCombination>();
  for (const { combination } of fixedAmounts) {
    if (seen.has(combination)) {
      throw new RuleViolation(
        'INVALID_JACKPOT_CONFIG',
        'fixedAmounts lists {combination} more than once: give each combination one amount.',
        [textParam('combination', combination)],
      );
    }
    seen.add(combination);
  }
}

export const findJackpotPool = (deps: ServiceDependencies, id: string): Promise<JackpotPoolRecord | undefined> =>
  getJackpotPool(deps.db, id);

export async function requireJackpotPool(deps: ServiceDependencies, id: string): Promise<JackpotPoolRecord> {
  const pool = await getJackpotPool(deps.db, id);
  if (!pool) throw new ServiceError('NOT_FOUND', 'No jackpot pool with that id.');
  return pool;
}
