/**
 * The craps rules layer (Macau CRAPS regulation, 2010; docs/RULES.md, Craps).
 * Pure TypeScript: no I/O, no clock, no randomness.
 */
export type * from './types';
export * from './bet-types';
export { parseRoll, isDie, total, isHard, ALL_DICE, VOID_ROLL } from './dice';
export {
  makeCrapsOptions,
  DEFAULT_CRAPS_OPTIONS,
  LARGEST_CRAPS_RETURN,
  type CrapsOptionsInput,
  type CrapsTableOptions,
  type StakeLimits,
} from './options';
export { PAYS, TRUE_ODDS, LAY_ODDS, BIG_NUMBER_PAYS, field12Pays } from './pay-table';
export { initialCrapsState } from './table-state';
export { validateBet } from './validate-bet';
export { validateTakeDown } from './take-down';
export { settleRoll, type SettledRoll } from './settle-roll';
export { stakeReturned, isDecided, LOSE, PUSH, STAYS } from './resolutions';
export { isEligibleShooter, nextShooter, shooterOfRoll, seatOrder, holderOf, type ShooterPosition } from './shooter';
export { crapsReport, type CrapsReport, type CrapsReportEntry, type CrapsReportOptions } from './report/craps-report';
