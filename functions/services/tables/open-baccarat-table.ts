import { gameOf } from '../../rules/games';
import type { CommissionOption } from '../../rules/baccarat';
import { BASIS_POINTS } from '../../rules/money';
import type { BaccaratTableRecord } from '../../store/tables/table-records';
import { requireJackpotPool } from '../money/jackpot-pools';
import { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';
import { limitProfiles, limitsOf, type Stakes, type TableStakesRequest } from './table-stakes';
import type { TableCommon } from './table-common';
import { numberParam, textParam } from '../../rules/error-params';

/** A baccarat table's own options, as the operator asks for them (each absent one the rules' default). */
export interface BaccaratTableRequest {
  readonly decks?: number | null;
  readonly commission?: CommissionOption | null;
  readonly shoeTracking?: boolean | null;
  /** The jackpot pool the table feeds and pays from, by the pool's prize table. */
  readonly jackpot?: { readonly poolId: string; readonly contributionBasisPoints: number } | null;
}

/**
 * Opens a baccarat table: its options, and its limit profiles', made by the baccarat rules; a
 * jackpot's prize table is the pool's, read here (a pool in another currency is refused).
 */
export async function openBaccaratTable(
  deps: ServiceDependencies,
  common: TableCommon,
  request: TableStakesRequest & { readonly currency: string },
  given: BaccaratTableRequest | null | undefined,
): Promise<BaccaratTableRecord> {
  const baccarat = gameOf('BACCARAT');
  const input = given ?? {};
  const jackpot = input.jackpot ?? null;
  const pool = jackpot && (await requireJackpotPool(deps, jackpot.poolId));
  if (pool && pool.currency !== request.currency) {
    throw new ServiceError('CURRENCY_MISMATCH', 'The jackpot pool holds {poolCurrency}; the table plays in {currency}.', undefined, [
      textParam('poolCurrency', pool.currency),
      textParam('currency', request.currency),
    ]);
  }
  if (
    jackpot &&
    (!Number.isInteger(jackpot.contributionBasisPoints) ||
      jackpot.contributionBasisPoints < 0 ||
      jackpot.contributionBasisPoints > BASIS_POINTS)
  ) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      'contributionBasisPoints must be from 0 to {max}.',
      'baccarat.jackpot.contributionBasisPoints',
      [numberParam('max', BASIS_POINTS)],
    );
  }
  const optionsWith = (stakes: Stakes) =>
    baccarat.makeOptions({
      minimum: stakes.minimumBet,
      maximum: stakes.maximumBet,
      limits: limitsOf(stakes),
      ...(input.decks != null ? { decks: input.decks } : {}),
      ...(input.commission != null ? { commission: input.commission } : {}),
      // The rules see the pool's prize table as the table's jackpot (modality, what pays).
      jackpot: pool ? pool.prizes : null,
    });
  const options = optionsWith(request);
  const profiles = limitProfiles(request, optionsWith);
  return {
    ...common,
    game: 'BACCARAT',
    options,
    ...(profiles ? { limitProfiles: profiles } : {}),
    state: baccarat.initialState(),
    shoeTracking: input.shoeTracking ?? true,
    jackpotPool: jackpot && { poolId: jackpot.poolId, contributionBasisPoints: jackpot.contributionBasisPoints },
  };
}
