import type { BaccaratTableResolvers, CrapsTableResolvers, Resolvers, TableResolvers } from './generated/resolvers-types';
import { currencyUnitOf } from '../rules/currencies';
import type { GraphQLContext } from './context';
import { isHouseStaff, requireCaller, visiblePlayer } from './caller-checks';
import type { GameName } from '../rules/games';
import { bettingDeadline, isBettingOpen } from '../services/betting/betting-gate';
import type { TableLimits } from '../services/tables/limit-profiles';
import type { BetType } from '../store/betting/bet-records';
import type { TableRecord } from '../store/tables/table-records';
import { loadedWhenCalled } from './loaded-when-called';
import type { BaccaratTableView, CrapsTableView } from './views';

// The use cases, each loaded with its first call (loaded-when-called.ts).
const tablePaytable = loadedWhenCalled(() => import('../services/tables/paytable'), 'tablePaytable');
const layoutTotals = loadedWhenCalled(() => import('../services/betting/layout-totals'), 'layoutTotals');
const crapsStatistics = loadedWhenCalled(() => import('../services/rounds/scoreboards'), 'crapsStatistics');
const tableRoads = loadedWhenCalled(() => import('../services/rounds/scoreboards'), 'tableRoads');
const seatsTaken = loadedWhenCalled(() => import('../services/tables/queries'), 'seatsTaken');
const tableOpenBets = loadedWhenCalled(() => import('../services/tables/queries'), 'tableOpenBets');
/** Generic over the outcome's kind, which a function loaded when called cannot keep: imported where called. */
const queries = () => import('../services/tables/queries');
const limitsFor = loadedWhenCalled(() => import('../services/tables/limit-profiles'), 'limitsFor');
const tableProfiles = loadedWhenCalled(() => import('../services/tables/limit-profiles'), 'tableProfiles');
const currentRound = loadedWhenCalled(() => import('../services/tables/table-access'), 'currentRound');
// The rules, too, wait for the first field that needs them: a lobby or a balance does not.
const gameOf = loadedWhenCalled(() => import('../rules/games'), 'gameOf');

/**
 * Tables: what every table has (the Table interface), and each game's own type. A table's game
 * names its type: the one place the API maps a game onto the schema (a third game adds its type
 * here, beside its registration in rules/games.ts).
 */
const TABLE_TYPES: { readonly [G in GameName]: 'CrapsTable' | 'BaccaratTable' } = {
  CRAPS: 'CrapsTable',
  BACCARAT: 'BaccaratTable',
};

/** Every bet type of the game, in the game's order (a stored map keeps none), with its limits under `options`. */
async function betLimitsOf(table: TableRecord, options: TableRecord['options']) {
  const limits = options.limits as Readonly<Record<string, { minimum: number; maximum: number }>>;
  return ((await gameOf(table.game)).betTypes as readonly BetType[]).map((type) => ({ type, ...limits[type]! }));
}

/** A set of limits at a table, as the API shows it. */
const limitsView = async (table: TableRecord, limits: TableLimits) => ({
  profile: limits.profile,
  minimumBet: limits.options.minimum,
  maximumBet: limits.options.maximum,
  betLimits: await betLimitsOf(table, limits.options),
  playerLimits: limits.playerLimits,
});

/** The fields every table has, the same at every game's type. */
const everyTable = {
  name: (table: TableRecord) => table.name ?? table.id,
  // Which partners a table is offered to is the house staff's business.
  partners: (table: TableRecord, _: unknown, ctx: GraphQLContext) =>
    table.partners && isHouseStaff(requireCaller(ctx)) ? [...table.partners] : null,
  recentResults: (table: TableRecord) => [...(table.recentResults ?? [])],
  bettingOpen: (table: TableRecord, _: unknown, ctx: GraphQLContext) => isBettingOpen(table, ctx.deps.now()),
  bettingWindowSeconds: (table: TableRecord) => table.bettingWindowSeconds ?? null,
  betShards: (table: TableRecord) => table.betShards,
  bettingClosesAt: (table: TableRecord) => bettingDeadline(table),
  serverTime: (_: TableRecord, __: unknown, ctx: GraphQLContext) => ctx.deps.now(),
  currencyUnit: (table: TableRecord) => currencyUnitOf(table.currency),
  nextSequence: (table: TableRecord) => currentRound(table),
  dealers: (table: TableRecord) => [...(table.dealers ?? [])],
  paytable: (table: TableRecord) => tablePaytable(table),
  betLimits: (table: TableRecord) => betLimitsOf(table, table.options),
  limitProfiles: async (table: TableRecord) => Promise.all((await tableProfiles(table)).map((limits) => limitsView(table, limits))),
  myLimits: async (table: TableRecord, _: unknown, ctx: GraphQLContext) =>
    limitsView(table, await limitsFor(ctx.deps, requireCaller(ctx), table)),
  openBets: (table: TableRecord, _: unknown, ctx: GraphQLContext) => tableOpenBets(ctx.deps, requireCaller(ctx), table),
  layout: (table: TableRecord, _: unknown, ctx: GraphQLContext) => layoutTotals(ctx.deps, table),
  seats: async (table: TableRecord) => (await gameOf(table.game)).seats,
  seatsTaken: (table: TableRecord, _: unknown, ctx: GraphQLContext) => seatsTaken(ctx.deps, table),
  openedAt: (table: TableRecord) => table.createdAt,
  openedBy: (table: TableRecord) => table.openedBy ?? null,
  bettingClosedBy: (table: TableRecord) => table.bettingClosedBy?.by ?? null,
  bettingClosedAt: (table: TableRecord) => table.bettingClosedBy?.at ?? null,
  closedBy: (table: TableRecord) => table.closedBy?.by ?? null,
  closedAt: (table: TableRecord) => table.closedBy?.at ?? null,
  dealing: (table: TableRecord) => table.dealing ?? 'LIVE',
  fairness: (table: TableRecord) => table.fairness ?? null,
  dealingPaused: (table: TableRecord) => table.dealingPausedBy !== undefined,
};

const table: TableResolvers<GraphQLContext, TableRecord> = {
  __resolveType: (table) => TABLE_TYPES[table.game],
};

const crapsTable: CrapsTableResolvers<GraphQLContext, CrapsTableView> = {
  ...everyTable,
  phase: (table) => table.state.phase,
  point: (table) => table.state.point,
  rollCount: (table) => table.state.rollCount,
  shooter: (table, _, ctx) => visiblePlayer(ctx, table, table.state.shooter),
  shooterSetBy: (table) => table.shooterSetBy?.by ?? null,
  shooterSetAt: (table) => table.shooterSetBy?.at ?? null,
  options: (table) => table,
  statistics: (table) => crapsStatistics(table),
  rolls: async (table, args, ctx) => (await queries()).tableOutcomes(ctx.deps, table.id, 'ROLL', args),
};

const baccaratTable: BaccaratTableResolvers<GraphQLContext, BaccaratTableView> = {
  ...everyTable,
  roundCount: (table) => table.state.roundCount,
  cardsDealtFromShoe: (table) => table.state.shoe.length,
  shoeStartedBy: (table) => table.shoeStartedBy?.by ?? null,
  shoeStartedAt: (table) => table.shoeStartedBy?.at ?? null,
  options: (table) => table,
  jackpot: (table) =>
    table.options.jackpot && table.jackpotPool
      ? {
          modality: table.options.jackpot.modality,
          poolId: table.jackpotPool.poolId,
          contributionBasisPoints: table.jackpotPool.contributionBasisPoints,
          approvalReference: table.options.jackpot.approvalReference,
        }
      : null,
  roads: (table, _, ctx) => tableRoads(ctx.deps, table),
  deals: async (table, args, ctx) => (await queries()).tableOutcomes(ctx.deps, table.id, 'DEAL', args),
};

export const tableResolvers: Pick<Resolvers, 'Table' | 'CrapsTable' | 'BaccaratTable' | 'CrapsOptions' | 'BaccaratOptions'> = {
  Table: table,
  CrapsTable: crapsTable,
  BaccaratTable: baccaratTable,
  CrapsOptions: {
    field12Pays: (table) => table.options.field12Pays,
    maxOdds: (table) =>
      Object.entries(table.options.maxOdds)
        .map(([point, multiple]) => ({ point: Number(point), multiple }))
        .sort((a, b) => a.point - b.point),
    layOddsLimit: (table) => table.options.layOddsLimit,
    oddsCappedByTableMaximum: (table) => table.options.oddsCappedByTableMaximum,
    comeOddsWorkingOnComeOut: (table) => table.options.comeOddsWorkingOnComeOut,
    dontComeOddsWorkingOnComeOut: (table) => table.options.dontComeOddsWorkingOnComeOut,
    bigNumbersWorkingOnComeOut: (table) => table.options.bigNumbersWorkingOnComeOut,
    hardwaysWorkingOnComeOut: (table) => table.options.hardwaysWorkingOnComeOut,
  },
  BaccaratOptions: {
    decks: (table) => table.options.decks,
    commission: (table) => table.options.commission,
    shoeTracking: (table) => table.shoeTracking,
  },
};
