import type { Resolvers } from './generated/resolvers-types';
import type { GraphQLContext } from './context';
import { DateTimeScalar, MoneyScalar, MoneyTotalScalar, SignedMoneyScalar } from './scalars';
import { reconcile } from '../services/money/reconcile';
import { accountStatement } from '../services/money/statement';
import { recallRound, recallRoundById, roundId } from '../services/rounds/round-recall';
import type { Page } from '../services/kernel/pages';
import { voidRound } from '../services/rounds/void-round';
import { dailyReport } from '../services/money/daily-report';
import { balanceAfterPlacement, balanceAfterSettlement } from '../services/money/balance-after';
import { ServiceError } from '../services/kernel/service-error';
import type { Caller, Role } from '../services/kernel/services';
import { openTable } from '../services/tables/open-table';
import { placeBet } from '../services/betting/place-bet';
import { submitRoll } from '../services/rounds/submit-roll';
import { submitDeal } from '../services/rounds/submit-deal';
import { takeDownBet } from '../services/betting/take-down-bet';
import { startNewShoe } from '../services/rounds/start-new-shoe';
import { closeBetting } from '../services/betting/close-betting';
import { setShooter } from '../services/betting/set-shooter';
import { closeTable } from '../services/tables/close-table';
import { assignDealers } from '../services/tables/assign-dealers';
import { deposit, findCashMovement, listCashMovements, openAccount, withdraw } from '../services/money/cashier';
import { findJackpotPool, openJackpotPool, requireJackpotPool } from '../services/money/jackpot-pools';
import { layoutTotals } from '../services/betting/layout-totals';
import {
  accountBets,
  findAccount,
  findBet,
  findTable,
  ownAccount,
  seatsTaken,
  tableOpenBets,
  tableOutcomes,
} from '../services/tables/queries';
import { BACCARAT_BET_TYPES, JACKPOT_COMBINATIONS, type JackpotCombination } from '../rules/baccarat';
import { CRAPS_BET_TYPES } from '../rules/craps';
import { isHouseOperator, sameTenant } from '../services/tables/tenancy';
import { currentRound, runsTable } from '../services/tables/table-access';
import { cachedTable } from '../services/tables/table-cache';
import { tablePaytable } from '../services/tables/paytable';
import { bettingDeadline, isBettingOpen } from '../services/betting/betting-gate';
import { lobby } from '../services/tables/lobby';
import { SEATS } from '../services/betting/bet-validation';
import { crapsStatistics, tableRoads } from '../services/rounds/scoreboards';
import type { BetType, TableRecord } from '../store/kernel/records';
import { betShardsOf } from '../store/kernel/keys';
import type { JackpotPoolView, RollView } from '../services/kernel/views';
import type { LobbyEventPayload, PlayerEventPayload, TableEventPayload } from '../services/live/live-events';
import { assignLimitProfile, assignedProfile, limitsFor, tableProfiles, type TableLimits } from '../services/tables/limit-profiles';

function servedOverWebSocket(): never {
  throw new ServiceError('BAD_REQUEST', 'Subscriptions are served over WebSocket (the graphql-ws protocol), not over HTTP.');
}

const PRIZE_KINDS = { WHOLE_POOL: 'WHOLE_POOL', FIXED_OR_POOL_PERCENT: 'HIGHER_OF_FIXED_AND_POOL_SHARE', FIXED: 'FIXED' } as const;

/** Resolvers stay thin: who is calling and whether they may, then one service call. */
function requireCaller(context: GraphQLContext): Caller {
  if (!context.caller) throw new ServiceError('UNAUTHENTICATED', context.refusal ?? 'Sign in: this API needs a bearer token.');
  return context.caller;
}

/** An OPERATOR may do everything a DEALER may. */
function requireRole(context: GraphQLContext, role: Role): Caller {
  const caller = requireCaller(context);
  if (caller.roles.has(role) || caller.roles.has('OPERATOR')) return caller;
  throw new ServiceError('FORBIDDEN', `Only a ${role.toLowerCase()} may do this.`);
}

/** The house's operators run the tables and the pools; a partner's manage its players' money (services/tables/tenancy.ts). */
function requireHouseOperator(context: GraphQLContext): Caller {
  const caller = requireRole(context, 'OPERATOR');
  if (isHouseOperator(caller)) return caller;
  throw new ServiceError('FORBIDDEN', "Only the house's operators may do this: a partner's operators manage their players' money.");
}

/**
 * A player's id at a table, to those who may see it: whoever runs the table (when the table is at
 * hand), the house's operators, the player's own partner's players and operators; null to another
 * partner's.
 */
function visiblePlayer(
  context: GraphQLContext,
  table: Parameters<typeof runsTable>[1] | null,
  playerId: string | null | undefined,
): string | null {
  const caller = requireCaller(context);
  if (playerId == null) return null;
  return (table && runsTable(caller, table)) || isHouseOperator(caller) || sameTenant(caller.playerId, playerId) ? playerId : null;
}

/** Tables read for fields that name their table by id only (a roll's), each once per request: a page of rolls names one. */
const tablesNamed = new WeakMap<GraphQLContext, Map<string, Promise<TableRecord | undefined>>>();
function tableNamed(context: GraphQLContext, tableId: string): Promise<TableRecord | undefined> {
  let read = tablesNamed.get(context);
  if (!read) tablesNamed.set(context, (read = new Map()));
  if (!read.has(tableId)) read.set(tableId, cachedTable(context.deps, tableId));
  return read.get(tableId)!;
}

/**
 * Who threw a roll, to those who may see it (visiblePlayer). The dealer who runs the table hands
 * the dice, whoever's player holds them, so they see who threw too: the table is read for a dealer
 * only, and only when nothing else shows them the id.
 */
async function rollShooter(context: GraphQLContext, roll: RollView): Promise<string | null> {
  const shooter = roll.stateBefore.shooter;
  const shown = visiblePlayer(context, null, shooter);
  if (shown !== null || shooter == null || !requireCaller(context).roles.has('DEALER')) return shown;
  return visiblePlayer(context, (await tableNamed(context, roll.tableId)) ?? null, shooter);
}

const isHouseStaff = (caller: Caller): boolean =>
  caller.partner === undefined && (caller.roles.has('OPERATOR') || caller.roles.has('DEALER'));

/** Every bet type of the game, in the game's order (a stored map keeps none), with its limits under `options`. */
function betLimitsOf(game: TableRecord['game'], options: TableRecord['options']) {
  const types: readonly BetType[] = game === 'CRAPS' ? CRAPS_BET_TYPES : BACCARAT_BET_TYPES;
  const limits = options.limits as Readonly<Record<string, { minimum: number; maximum: number }>>;
  return types.map((type) => ({ type, ...limits[type]! }));
}

/** A set of limits at a table, as the API shows it. */
const limitsView = (table: TableRecord, limits: TableLimits) => ({
  profile: limits.profile,
  minimumBet: limits.options.minimum,
  maximumBet: limits.options.maximum,
  betLimits: betLimitsOf(table.game, limits.options),
  playerLimits: limits.playerLimits,
});

/** Every connection's fields, from a page of the service layer (services/kernel/pages.ts). */
const connection = {
  edges: <E extends { readonly cursor: string }>(page: Page<E>) => [...page.entries],
  pageInfo: <E extends { readonly cursor: string }>(page: Page<E>) => ({ hasNextPage: page.hasNextPage, endCursor: page.endCursor }),
};

export const resolvers: Resolvers = {
  Money: MoneyScalar,
  SignedMoney: SignedMoneyScalar,
  MoneyTotal: MoneyTotalScalar,
  DateTime: DateTimeScalar,

  Query: {
    tables: (_, args, ctx) => lobby(ctx.deps, requireCaller(ctx), args),
    serverTime: (_, __, ctx) => {
      requireCaller(ctx);
      return ctx.deps.now();
    },
    table: async (_, { id }, ctx) => (await findTable(ctx.deps, requireCaller(ctx), id)) ?? null,
    me: (_, __, ctx) => ownAccount(ctx.deps, requireCaller(ctx)),
    account: async (_, { id }, ctx) => (await findAccount(ctx.deps, requireCaller(ctx), id)) ?? null,
    bet: async (_, { id }, ctx) => (await findBet(ctx.deps, requireCaller(ctx), id)) ?? null,
    jackpotPool: async (_, { id }, ctx) => {
      requireCaller(ctx);
      return (await findJackpotPool(ctx.deps, id)) ?? null;
    },
    cashMovement: async (_, { playerId, reference }, ctx) =>
      (await findCashMovement(ctx.deps, requireCaller(ctx), playerId, reference)) ?? null,
    cashMovements: (_, args, ctx) => listCashMovements(ctx.deps, requireRole(ctx, 'OPERATOR'), args),
    round: async (_, { tableId, sequence }, ctx) => (await recallRound(ctx.deps, requireRole(ctx, 'OPERATOR'), tableId, sequence)) ?? null,
    roundById: async (_, { id }, ctx) => (await recallRoundById(ctx.deps, requireRole(ctx, 'OPERATOR'), id)) ?? null,
    dailyReport: (_, { day, currency }, ctx) => dailyReport(ctx.deps, requireRole(ctx, 'OPERATOR'), currency, day),
    reconciliation: (_, __, ctx) => {
      requireHouseOperator(ctx);
      return reconcile(ctx.deps);
    },
  },

  Mutation: {
    openTable: (_, { input }, ctx) =>
      openTable(ctx.deps, requireHouseOperator(ctx), {
        game: input.game,
        currency: input.currency ?? 'MOP',
        minimumBet: input.minimumBet,
        maximumBet: input.maximumBet,
        craps: input.craps ?? null,
        baccarat: input.baccarat ?? null,
        playerLimits: input.playerLimits ?? null,
        betLimits: input.betLimits ?? null,
        bettingWindowSeconds: input.bettingWindowSeconds ?? null,
        betShards: input.betShards ?? null,
        name: input.name ?? null,
        partners: input.partners ?? null,
        limitProfiles: input.limitProfiles ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
      }),
    placeBet: (_, { input }, ctx) => placeBet(ctx.deps, requireCaller(ctx), input),
    takeDownBet: (_, { id }, ctx) => takeDownBet(ctx.deps, requireCaller(ctx), id),
    setShooter: (_, { tableId, playerId }, ctx) => setShooter(ctx.deps, requireRole(ctx, 'DEALER'), tableId, playerId),
    closeBetting: (_, { tableId }, ctx) => closeBetting(ctx.deps, requireRole(ctx, 'DEALER'), tableId),
    submitRoll: (_, { input }, ctx) => submitRoll(ctx.deps, requireRole(ctx, 'DEALER'), input),
    submitDeal: (_, { input }, ctx) => submitDeal(ctx.deps, requireRole(ctx, 'DEALER'), input),
    voidRound: (_, { input }, ctx) => voidRound(ctx.deps, requireRole(ctx, 'DEALER'), input),
    startNewShoe: (_, { tableId }, ctx) => startNewShoe(ctx.deps, requireRole(ctx, 'DEALER'), tableId),
    openAccount: (_, { input }, ctx) =>
      openAccount(ctx.deps, requireRole(ctx, 'OPERATOR'), { playerId: input.playerId, currency: input.currency ?? 'MOP' }),
    deposit: (_, { input }, ctx) => deposit(ctx.deps, requireRole(ctx, 'OPERATOR'), input),
    withdraw: (_, { input }, ctx) => withdraw(ctx.deps, requireRole(ctx, 'OPERATOR'), input),
    assignLimitProfile: (_, { input }, ctx) => assignLimitProfile(ctx.deps, requireRole(ctx, 'OPERATOR'), input),
    assignDealers: (_, { tableId, dealers }, ctx) => assignDealers(ctx.deps, requireHouseOperator(ctx), tableId, dealers),
    closeTable: (_, { tableId, reason }, ctx) => closeTable(ctx.deps, requireHouseOperator(ctx), tableId, reason),
    openJackpotPool: (_, { input }, ctx) => openJackpotPool(ctx.deps, requireHouseOperator(ctx), input),
  },

  // Served over WebSocket (functions/live): each event is the root value its subscribers' documents run on.
  Subscription: {
    tableEvents: { subscribe: servedOverWebSocket, resolve: (event: TableEventPayload) => event },
    myEvents: { subscribe: servedOverWebSocket, resolve: (event: PlayerEventPayload) => event },
    jackpotPool: { subscribe: servedOverWebSocket, resolve: (pool: JackpotPoolView) => pool },
    lobbyEvents: { subscribe: servedOverWebSocket, resolve: (event: LobbyEventPayload) => event },
  },
  TableEvent: { serverTime: (_, __, ctx) => ctx.deps.now() },
  PlayerEvent: { serverTime: (_, __, ctx) => ctx.deps.now() },
  LobbyEvent: { serverTime: (_, __, ctx) => ctx.deps.now() },

  Table: {
    name: (table) => table.name ?? table.id,
    // Which partners a table is offered to is the house staff's business.
    partners: (table, _, ctx) => (table.partners && isHouseStaff(requireCaller(ctx)) ? [...table.partners] : null),
    recentResults: (table) => [...(table.recentResults ?? [])],
    crapsStatistics: (table) => (table.game === 'CRAPS' ? crapsStatistics(table) : null),
    roads: (table, _, ctx) => (table.game === 'BACCARAT' ? tableRoads(ctx.deps, table) : null),
    bettingOpen: (table, _, ctx) => isBettingOpen(table, ctx.deps.now()),
    bettingWindowSeconds: (table) => table.bettingWindowSeconds ?? null,
    betShards: (table) => betShardsOf(table),
    bettingDeadline: (table) => bettingDeadline(table),
    serverTime: (_, __, ctx) => ctx.deps.now(),
    nextSequence: (table) => currentRound(table),
    craps: (table, _, ctx) =>
      table.game === 'CRAPS'
        ? {
            phase: table.state.phase,
            point: table.state.point,
            rollCount: table.state.rollCount,
            field12Pays: table.options.field12Pays,
            maxOdds: Object.entries(table.options.maxOdds)
              .map(([point, multiple]) => ({ point: Number(point), multiple }))
              .sort((a, b) => a.point - b.point),
            layOddsLimit: table.options.layOddsLimit,
            // Tables opened before the option existed held odds to the table maximum.
            oddsCappedByTableMaximum: table.options.oddsCappedByTableMaximum ?? true,
            comeOddsWorkingOnComeOut: table.options.comeOddsWorkingOnComeOut,
            dontComeOddsWorkingOnComeOut: table.options.dontComeOddsWorkingOnComeOut,
            bigNumbersWorkingOnComeOut: table.options.bigNumbersWorkingOnComeOut,
            hardwaysWorkingOnComeOut: table.options.hardwaysWorkingOnComeOut,
            shooter: visiblePlayer(ctx, table, table.state.shooter),
            shooterSetBy: table.shooterSetBy ?? null,
          }
        : null,
    baccarat: (table) =>
      table.game === 'BACCARAT'
        ? {
            decks: table.options.decks,
            commission: table.options.commission,
            roundCount: table.state.roundCount,
            shoeTracking: table.shoeTracking,
            cardsDealtFromShoe: table.state.shoe.length,
            shoeStartedBy: table.shoeStartedBy ?? null,
            jackpot:
              table.options.jackpot && table.jackpotPool
                ? {
                    modality: table.options.jackpot.modality,
                    poolId: table.jackpotPool.poolId,
                    contributionBasisPoints: table.jackpotPool.contributionBasisPoints,
                    approvalReference: table.options.jackpot.approvalReference,
                  }
                : null,
          }
        : null,
    dealers: (table) => [...(table.dealers ?? [])],
    // In the game's order (a stored map keeps none).
    paytable: (table) => tablePaytable(table),
    betLimits: (table) => betLimitsOf(table.game, table.options),
    limitProfiles: (table) => tableProfiles(table).map((limits) => limitsView(table, limits)),
    myLimits: async (table, _, ctx) => limitsView(table, await limitsFor(ctx.deps, requireCaller(ctx), table)),
    openBets: (table, _, ctx) => tableOpenBets(ctx.deps, requireCaller(ctx), table),
    layout: (table, _, ctx) => layoutTotals(ctx.deps, table),
    seats: (table) => SEATS[table.game],
    seatsTaken: (table, _, ctx) => seatsTaken(ctx.deps, table),
    rolls: (table, args, ctx) => tableOutcomes(ctx.deps, table.id, 'ROLL', args),
    deals: (table, args, ctx) => tableOutcomes(ctx.deps, table.id, 'DEAL', args),
  },

  JackpotPool: {
    modality: (pool) => pool.prizes.modality,
    approvalReference: (pool) => pool.prizes.approvalReference,
    // In the modality's order of precedence, highest first (the stored map has no order).
    fixedAmounts: (pool) =>
      (JACKPOT_COMBINATIONS[pool.prizes.modality] as readonly JackpotCombination[])
        .filter((combination) => pool.prizes.fixedAmounts[combination] !== undefined)
        .map((combination) => ({ combination, amount: pool.prizes.fixedAmounts[combination]! })),
  },

  TableJackpot: {
    pool: (jackpot, _, ctx) => requireJackpotPool(ctx.deps, jackpot.poolId),
  },

  Bet: {
    number: (bet) => bet.number ?? null,
    baseBetId: (bet) => bet.baseBetId ?? null,
    seat: (bet) => bet.seat ?? null,
    limitProfile: (bet) => bet.limitProfile ?? null,
    settledAt: (bet) => bet.settledAt ?? null,
    settledBy: (bet) => bet.settledBy ?? null,
    balanceAfterPlacement: (bet, _, ctx) => balanceAfterPlacement(ctx.deps, requireCaller(ctx), bet),
    balanceAfterSettlement: (bet, _, ctx) => balanceAfterSettlement(ctx.deps, requireCaller(ctx), bet),
  },

  Roll: {
    id: (roll) => roundId(roll.tableId, roll.sequence),
    dice: (roll) => (roll.dice ? [...roll.dice] : null),
    void: (roll) => roll.dice === null,
    total: (roll) => (roll.dice ? roll.dice[0] + roll.dice[1] : null),
    phaseBefore: (roll) => roll.stateBefore.phase,
    pointBefore: (roll) => roll.stateBefore.point,
    phaseAfter: (roll) => roll.stateAfter.phase,
    pointAfter: (roll) => roll.stateAfter.point,
    shooter: (roll, _, ctx) => rollShooter(ctx, roll),
    rolledAt: (roll) => roll.recordedAt,
  },

  Deal: {
    id: (deal) => roundId(deal.tableId, deal.sequence),
    cards: (deal) => [...deal.cards],
    dealtAt: (deal) => deal.recordedAt,
    shoe: (deal) => deal.shoe ?? null,
    shoePosition: (deal) => deal.shoePosition ?? null,
    jackpot: (deal) =>
      deal.jackpot && {
        combination: deal.jackpot.combination,
        bettors: deal.jackpot.bettors.length,
        contributions: deal.jackpot.contributions,
        share: deal.jackpot.payout?.share ?? null,
        prize: deal.jackpot.payout?.prize ?? null,
        reseeded: deal.jackpot.payout?.reseeded ?? null,
        poolAfter: deal.jackpot.payout?.poolAfter ?? null,
      },
  },

  RollResult: {
    roll: (result) => result.outcome,
  },

  DealResult: {
    deal: (result) => result.outcome,
  },

  VoidResult: {
    sequence: (result) => result.outcome.sequence,
    reason: (result) => result.outcome.reason,
    voidedAt: (result) => result.outcome.recordedAt,
    voidedBy: (result) => result.outcome.recordedBy ?? null,
  },

  BetSettlement: {
    outcome: (settlement) => settlement.entry.resolution.outcome,
    winnings: (settlement) => (settlement.entry.resolution.outcome === 'WIN' ? settlement.entry.resolution.winnings : 0),
    returned: (settlement) => settlement.entry.returned,
  },

  Account: {
    limitProfile: (account, _, ctx) => assignedProfile(ctx.deps, account.id),
    bets: (account, { last }, ctx) => accountBets(ctx.deps, requireCaller(ctx), account.id, last ?? 50),
    // The account was handed to this caller (their own, or an operator's): so is its statement.
    statement: (account, args, ctx) => accountStatement(ctx.deps, account.id, args),
  },
  StatementConnection: connection,
  TableConnection: connection,
  RecentResult: {
    dice: (result) => ('dice' in result ? [...result.dice] : null),
    total: (result) => ('dice' in result ? result.dice[0] + result.dice[1] : null),
    winner: (result) => ('winner' in result ? result.winner : null),
    playerPair: (result) => ('winner' in result ? result.playerPair : null),
    bankerPair: (result) => ('winner' in result ? result.bankerPair : null),
    natural: (result) => ('winner' in result ? result.natural : null),
  },
  RollConnection: connection,
  DealConnection: connection,
  RoundRecall: {
    id: (recall) => roundId(recall.outcome.tableId, recall.outcome.sequence),
    tableId: (recall) => recall.outcome.tableId,
    sequence: (recall) => recall.outcome.sequence,
    roll: (recall) => (recall.outcome.kind === 'ROLL' ? recall.outcome : null),
    deal: (recall) => (recall.outcome.kind === 'DEAL' ? recall.outcome : null),
    recordedAt: (recall) => recall.outcome.recordedAt,
    recordedBy: (recall) => recall.outcome.recordedBy ?? null,
    bettingClosedBy: (recall) => recall.outcome.bettingClosedBy ?? null,
    voidReason: (recall) => (recall.outcome.kind === 'VOID' ? recall.outcome.reason : null),
    settled: (recall) => recall.outcome.settledAt !== undefined,
    settledAt: (recall) => recall.outcome.settledAt ?? null,
    settlements: (recall) => [...recall.settlements],
    credits: (recall) => [...recall.credits],
  },
  CashMovementConnection: connection,
  CashMovementEdge: {
    cursor: (entry) => entry.cursor,
    node: (entry) => entry.movement,
  },
  StatementEdge: {
    cursor: (entry) => entry.cursor,
    node: (entry) => entry,
  },
  Paytable: {
    bets: (paytable) => [...paytable.entries],
    jackpot: (paytable) => (paytable.jackpot ? [...paytable.jackpot] : null),
  },
  PaytableBet: {
    type: (entry) => entry.type as BetType,
    win: (entry) => entry.figures?.win ?? null,
    lose: (entry) => entry.figures?.lose ?? null,
    push: (entry) => entry.figures?.push ?? null,
    houseEdge: (entry) => entry.figures?.houseEdge ?? null,
  },
  PaytableJackpotCombination: {
    prize: (entry) => PRIZE_KINDS[entry.rule.kind],
  },
  ExactFraction: {
    numerator: (fraction) => fraction.num.toString(),
    denominator: (fraction) => fraction.den.toString(),
    decimal: (fraction) => fraction.toDecimal(15),
  },
  LayoutTotals: {
    byBetType: (totals) => [...totals.byBetType],
  },
  JournalCause: {
    roundId: (cause) => (cause.tableId != null && cause.round != null ? roundId(cause.tableId, cause.round) : null),
  },
  StatementEntry: {
    id: (entry) => entry.journal.id,
    kind: (entry) => entry.journal.kind,
    at: (entry) => entry.journal.at,
    currency: (entry) => entry.journal.currency,
    actor: (entry) => entry.journal.actor,
    cause: (entry) => entry.journal.cause,
    legs: (entry) => entry.journal.legs.map((leg) => ({ ...leg, account: { kind: leg.account.kind, id: leg.account.id ?? null } })),
  },
};
