import { gameOf } from '../../rules/games';
import type { CrapsOptionsInput } from '../../rules/craps';
import type { CrapsTableRecord } from '../../store/tables/table-records';
import { limitProfiles, limitsOf, once, type Stakes, type TableStakesRequest } from './table-stakes';
import type { TableCommon } from './table-common';

/** A craps table's own options, as the operator asks for them (each absent one the rules' default). */
export interface CrapsTableRequest {
  readonly field12Pays?: number | null;
  readonly maxOdds?: readonly { readonly point: number; readonly multiple: number }[] | null;
  readonly layOddsLimit?: 'WINNINGS' | 'STAKE' | null;
  readonly oddsCappedByTableMaximum?: boolean | null;
  readonly comeOddsWorkingOnComeOut?: boolean | null;
  readonly dontComeOddsWorkingOnComeOut?: boolean | null;
  readonly bigNumbersWorkingOnComeOut?: boolean | null;
  readonly hardwaysWorkingOnComeOut?: boolean | null;
}

/** Opens a craps table: its options, and its limit profiles', made by the craps rules. */
export function openCrapsTable(
  common: TableCommon,
  request: TableStakesRequest,
  input: CrapsTableRequest | null | undefined,
): CrapsTableRecord {
  const craps = gameOf('CRAPS');
  const { maxOdds, ...flags } = input ?? {};
  // The rules layer checks every value (INVALID_TABLE_OPTIONS, naming the field); here only the shape.
  const optionsWith = (stakes: Stakes) =>
    craps.makeOptions({
      minimum: stakes.minimumBet,
      maximum: stakes.maximumBet,
      limits: limitsOf(stakes),
      ...(maxOdds
        ? { maxOdds: Object.fromEntries(once(maxOdds, 'maxOdds', (odds) => String(odds.point)).map((odds) => [odds.point, odds.multiple])) }
        : {}),
      ...(Object.fromEntries(Object.entries(flags).filter(([, value]) => value != null)) as Partial<CrapsOptionsInput>),
    });
  const profiles = limitProfiles(request, optionsWith);
  return {
    ...common,
    game: 'CRAPS',
    options: optionsWith(request),
    state: craps.initialState(),
    ...(profiles ? { limitProfiles: profiles } : {}),
  };
}
