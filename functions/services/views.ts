/**
 * What the services hand to the GraphQL layer (codegen maps the schema's object types onto
 * these, see codegen.ts): the stored records as they are; field resolvers derive the rest.
 */
export type { AccountRecord as AccountView, BetRecord as BetView, RollRecord as RollView, TableRecord as TableView } from '../store/records';
