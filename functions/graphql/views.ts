import type { JackpotModality } from '../rules/baccarat';

/**
 * What the GraphQL layer resolves the schema's object types from (codegen maps them onto these,
 * see codegen.ts): the stored records as the services hand them; field resolvers derive the rest.
 */
export type { AccountRecord as AccountView } from '../store/money/account-records';
export type { BetRecord as BetView } from '../store/betting/bet-records';
export type { DealRecord as DealView, RollRecord as RollView, VoidRecord as VoidView } from '../store/rounds/outcome-records';
export type { JackpotPoolRecord as JackpotPoolView } from '../store/rounds/jackpot-pool-record';
export type { TableRecord as TableView } from '../store/tables/table-records';
import type { TableRecord } from '../store/tables/table-records';

/** A table of one game, as its GraphQL type (CrapsTable, BaccaratTable) is resolved from. */
export type CrapsTableView = Extract<TableRecord, { game: 'CRAPS' }>;
export type BaccaratTableView = Extract<TableRecord, { game: 'BACCARAT' }>;

/** A baccarat table's jackpot, pointing at its pool by id (the pool is read when asked for). */
export interface TableJackpotView {
  readonly modality: JackpotModality;
  readonly poolId: string;
  readonly contributionBasisPoints: number;
  readonly approvalReference: string | null;
}
