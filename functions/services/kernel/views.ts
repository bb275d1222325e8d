import type { JackpotModality } from '../../rules/baccarat';

/**
 * What the services hand to the GraphQL layer (codegen maps the schema's object types onto
 * these, see codegen.ts): the stored records as they are; field resolvers derive the rest.
 */
export type {
  AccountRecord as AccountView,
  BetRecord as BetView,
  DealRecord as DealView,
  JackpotPoolRecord as JackpotPoolView,
  RollRecord as RollView,
  TableRecord as TableView,
  VoidRecord as VoidView,
} from '../../store/kernel/records';
import type { TableRecord } from '../../store/kernel/records';

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
