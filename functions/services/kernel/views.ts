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
} from '../../store/kernel/records';

/** A baccarat table's jackpot, pointing at its pool by id (the pool is read when asked for). */
export interface TableJackpotView {
  readonly modality: JackpotModality;
  readonly poolId: string;
  readonly contributionBasisPoints: number;
  readonly approvalReference: string | null;
}
