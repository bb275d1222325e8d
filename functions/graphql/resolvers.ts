import type { Resolvers } from './generated/resolvers-types';
import { currencyUnitOf } from '../rules/currencies';
import type { GraphQLContext } from './context';
import { CurrencyScalar, DateScalar, DateTimeScalar, MoneyScalar, MoneyTotalScalar, SignedMoneyScalar } from './scalars';
import { requireCaller, requireHouseOperator, requireRole, visiblePlayer } from './caller-checks';
import { mutationResolvers } from './mutation-resolvers';
import { tableResolvers } from './table-resolvers';
import type { Page } from '../services/kernel/pages';
import { roundId } from '../store/kernel/keys';
import { loadedWhenCalled } from './loaded-when-called';
import { ServiceError } from '../services/kernel/service-error';
import type { JackpotCombination } from '../rules/baccarat/jackpot';
import type { BetType } from '../store/betting/bet-records';
import type { OutcomeRecord } from '../store/rounds/outcome-records';
import type { TableRecord } from '../store/tables/table-records';
import type { JackpotPoolView, RollView } from './views';
import type { ShoeReveal } from '../services/rng/outcome-fairness';
import type { LobbyEventPayload, PlayerEventPayload, TableEventPayload } from '../services/live/live-events';

// The use cases, each loaded with its first call (loaded-when-called.ts): a cold start loads only those its first request runs.
import type { StoredWalletCall, WalletCallRecord } from '../store/wallet/wallet-calls';
// Loaded with the function, unlike the other use cases: every page's first request asks `me` (a few hundred bytes).
import { findAccount, ownAccount } from '../services/money/account-queries';
import { homeOf } from '../store/money/ledger';
const checkedBook = loadedWhenCalled(() => import('../services/money/checked-book'), 'checkedBook');
const roundDetailsUrl = loadedWhenCalled(() => import('../services/rounds/round-links'), 'roundDetailsUrl');
const accountStatement = loadedWhenCalled(() => import('../services/money/statement'), 'accountStatement');
const recallRound = loadedWhenCalled(() => import('../services/rounds/round-recall'), 'recallRound');
const recallRoundById = loadedWhenCalled(() => import('../services/rounds/round-recall'), 'recallRoundById');
const dailyReport = loadedWhenCalled(() => import('../services/money/daily-report'), 'dailyReport');
const walletBalance = loadedWhenCalled(() => import('../services/wallet/wallet-balance'), 'walletBalance');
const listPartnerCredentials = loadedWhenCalled(() => import('../services/sessions/partner-credentials'), 'listPartnerCredentials');
const partnerWallet = loadedWhenCalled(() => import('../services/wallet/partner-wallets'), 'partnerWallet');
const partnerWalletReport = loadedWhenCalled(() => import('../services/wallet/wallet-reports'), 'partnerWalletReport');
const walletCallsNeedingAttention = loadedWhenCalled(() => import('../services/wallet/wallet-reports'), 'walletCallsNeedingAttention');
const reportTotals = loadedWhenCalled(() => import('../services/wallet/wallet-reports'), 'reportTotals');
const reportCalls = loadedWhenCalled(() => import('../services/wallet/wallet-reports'), 'reportCalls');
const reportPage = loadedWhenCalled(() => import('../services/wallet/wallet-reports'), 'reportPage');
const balanceAfterPlacement = loadedWhenCalled(() => import('../services/money/balance-after'), 'balanceAfterPlacement');
const balanceAfterSettlement = loadedWhenCalled(() => import('../services/money/balance-after'), 'balanceAfterSettlement');
const findCashMovement = loadedWhenCalled(() => import('../services/money/cashier'), 'findCashMovement');
const listCashMovements = loadedWhenCalled(() => import('../services/money/cashier'), 'listCashMovements');
const findJackpotPool = loadedWhenCalled(() => import('../services/money/jackpot-pools'), 'findJackpotPool');
const requireJackpotPool = loadedWhenCalled(() => import('../services/money/jackpot-pools'), 'requireJackpotPool');
const accountBets = loadedWhenCalled(() => import('../services/tables/queries'), 'accountBets');
const findBet = loadedWhenCalled(() => import('../services/tables/queries'), 'findBet');
const findTable = loadedWhenCalled(() => import('../services/tables/queries'), 'findTable');
const cachedTable = loadedWhenCalled(() => import('../services/tables/table-cache'), 'cachedTable');
const lobby = loadedWhenCalled(() => import('../services/tables/lobby'), 'lobby');
const assignedProfile = loadedWhenCalled(() => import('../services/tables/limit-profiles'), 'assignedProfile');
const dealFairness = loadedWhenCalled(() => import('../services/rng/outcome-fairness'), 'dealFairness');
const playerProtection = loadedWhenCalled(() => import('../services/protection/restrictions'), 'playerProtection');
const protectionChanges = loadedWhenCalled(() => import('../services/protection/restrictions'), 'protectionChanges');
const limitViews = loadedWhenCalled(() => import('../services/protection/limits'), 'limitViews');
const playerRealityCheck = loadedWhenCalled(() => import('../services/protection/reality-checks'), 'playerRealityCheck');

function servedOverWebSocket(): never {
  throw new ServiceError('BAD_REQUEST', 'Subscriptions are served over WebSocket (the graphql-ws protocol), not over HTTP.');
}

const PRIZE_KINDS = { WHOLE_POOL: 'WHOLE_POOL', FIXED_OR_POOL_PERCENT: 'HIGHER_OF_FIXED_AND_POOL_SHARE', FIXED: 'FIXED' } as const;

/** Shoes' reveals read for deals (Deal.fairness), each once per request: a page of deals names a shoe or two. */
const shoesRevealed = new WeakMap<GraphQLContext, Map<string, Promise<ShoeReveal | undefined>>>();
function revealedShoes(context: GraphQLContext): Map<string, Promise<ShoeReveal | undefined>> {
  let read = shoesRevealed.get(context);
  if (!read) shoesRevealed.set(context, (read = new Map()));
  return read;
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

/** Every connection's fields, from a page of the service layer (services/kernel/pages.ts). */
const connection = {
  edges: <E extends { readonly cursor: string }>(page: Page<E>) => [...page.entries],
  pageInfo: <E extends { readonly cursor: string }>(page: Page<E>) => ({ hasNextPage: page.hasNextPage, endCursor: page.endCursor }),
};

/** Who closed betting before an outcome, and when: every outcome keeps it as one stamp. */
const closedBefore = {
  bettingClosedBy: (outcome: OutcomeRecord) => outcome.bettingClosedBy?.by ?? null,
  bettingClosedAt: (outcome: OutcomeRecord) => outcome.bettingClosedBy?.at ?? null,
};

const callOf = (call: WalletCallRecord): StoredWalletCall => JSON.parse(call.body) as StoredWalletCall;

export const resolvers: Resolvers = {
  Money: MoneyScalar,
  SignedMoney: SignedMoneyScalar,
  MoneyTotal: MoneyTotalScalar,
  DateTime: DateTimeScalar,
  Date: DateScalar,
  Currency: CurrencyScalar,

  Query: {
    tables: (_, args, ctx) => lobby(ctx.deps, requireCaller(ctx), args),
    playerProtection: (_, { playerId }, ctx) => playerProtection(ctx.deps, requireCaller(ctx), playerId),
    serverTime: (_, __, ctx) => {
      requireCaller(ctx);
      return ctx.deps.now();
    },
    currencyUnit: (_, { code }, ctx) => {
      requireCaller(ctx);
      return currencyUnitOf(code);
    },
    table: async (_, { id }, ctx) => (await findTable(ctx.deps, requireCaller(ctx), id)) ?? null,
    me: async (_, __, ctx) => (await ownAccount(ctx.deps, requireCaller(ctx))) ?? null,
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
    walletBalance: (_, { currency }, ctx) => walletBalance(ctx.deps, requireCaller(ctx), currency),
    partnerWallet: (_, { partner }, ctx) => partnerWallet(ctx.deps, requireRole(ctx, 'OPERATOR'), partner),
    partnerCredentials: (_, { partner }, ctx) => listPartnerCredentials(ctx.deps, requireHouseOperator(ctx), partner),
    partnerWalletReport: (_, { partner, day }, ctx) => partnerWalletReport(requireRole(ctx, 'OPERATOR'), partner, day),
    walletCallsNeedingAttention: (_, { partner }, ctx) => walletCallsNeedingAttention(ctx.deps, requireRole(ctx, 'OPERATOR'), partner),
    reconciliation: (_, __, ctx) => {
      requireHouseOperator(ctx);
      return checkedBook(ctx.deps);
    },
  },

  Mutation: mutationResolvers,

  PartnerWallet: {
    currencies: (wallet) => [...(wallet.currencies ?? [])],
    // A partner configured before versions is on version 1.
    contractVersion: (wallet) => (wallet.baseUrl === undefined ? null : (wallet.contractVersion ?? 1)),
  },
  // The body sent is kept as its exact string; what the schema shows of it is read from it.
  PartnerWalletReport: {
    totals: (report, _, ctx) => reportTotals(ctx.deps, report),
    calls: (report, _, ctx) => reportCalls(ctx.deps, report),
    callPage: (report, { first, after }, ctx) => reportPage(ctx.deps, report, first, after),
  },
  WalletCall: {
    operation: (call) => call.operation.toUpperCase() as 'DEBIT' | 'CREDIT' | 'ROLLBACK',
    tableId: (call) => callOf(call).tableId,
    roundId: (call) => callOf(call).roundId,
    betIds: (call) => [...callOf(call).betIds],
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

  ...tableResolvers,

  JackpotPool: {
    openedBy: (pool) => pool.createdBy ?? null,
    modality: (pool) => pool.prizes.modality,
    approvalReference: (pool) => pool.prizes.approvalReference,
    // In the modality's order of precedence, highest first (the stored map has no order).
    fixedAmounts: async (pool) =>
      ((await import('../rules/baccarat/jackpot')).JACKPOT_COMBINATIONS[pool.prizes.modality] as readonly JackpotCombination[])
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
    settledInRound: (bet) => bet.settledBy ?? null,
    roundDetailsUrl: (bet, _, ctx) => roundDetailsUrl(ctx.deps, bet.tableId, bet.settledBy ?? bet.round, bet.playerId),
    balanceAfterPlacement: (bet, _, ctx) => balanceAfterPlacement(ctx.deps, requireCaller(ctx), bet),
    balanceAfterSettlement: (bet, _, ctx) => balanceAfterSettlement(ctx.deps, requireCaller(ctx), bet),
  },

  PlayerProtection: {
    changes: async (protection, { last }, ctx) =>
      (await protectionChanges(ctx.deps, protection.playerId, last ?? 20)).map((change) => ({
        kind: change.kind,
        changedBy: change.by,
        changedAt: change.at,
        effectiveAt: change.effectiveAt,
        before: change.before,
        after: change.after,
        reason: change.reason ?? null,
        limit: change.limit ?? null,
        setter: change.setBy ?? null,
      })),
    limits: (protection, _, ctx) => limitViews(ctx.deps, protection.playerId),
    realityCheck: (protection, _, ctx) => playerRealityCheck(ctx.deps, protection.playerId),
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
    fairness: ({ fairness }) =>
      fairness ? { commitment: fairness.commitment, seed: fairness.seed ?? null, salt: fairness.salt ?? null } : null,
    ...closedBefore,
  },

  Deal: {
    id: (deal) => roundId(deal.tableId, deal.sequence),
    cards: (deal) => [...deal.cards],
    dealtAt: (deal) => deal.recordedAt,
    shoe: (deal) => deal.shoe ?? null,
    shoePosition: (deal) => deal.shoePosition ?? null,
    fairness: (deal, _, ctx) => dealFairness(ctx.deps, deal, revealedShoes(ctx)),
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
    ...closedBefore,
  },

  VoidedRound: {
    id: (voided) => roundId(voided.tableId, voided.sequence),
    voidedAt: (voided) => voided.recordedAt,
    voidedBy: (voided) => voided.recordedBy ?? null,
    ...closedBefore,
  },

  BetSettlement: {
    outcome: (settlement) => settlement.entry.resolution.outcome,
    winnings: (settlement) => (settlement.entry.resolution.outcome === 'WIN' ? settlement.entry.resolution.winnings : 0),
    returned: (settlement) => settlement.entry.returned,
  },

  Account: {
    currencyUnit: (account) => currencyUnitOf(account.currency),
    limitProfile: (account, _, ctx) => assignedProfile(ctx.deps, account.id),
    bets: (account, { last }, ctx) => accountBets(ctx.deps, requireCaller(ctx), account.id, last ?? 50),
    // The account was handed to this caller (their own, or an operator's): so is its statement.
    statement: (account, args, ctx) => accountStatement(ctx.deps, account.id, args),
  },
  LimitProfileAssignment: {
    assignedBy: (assignment) => assignment.assignedBy.by,
    assignedAt: (assignment) => assignment.assignedBy.at,
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
    bettingClosedBy: (recall) => closedBefore.bettingClosedBy(recall.outcome),
    bettingClosedAt: (recall) => closedBefore.bettingClosedAt(recall.outcome),
    voidReason: (recall) => (recall.outcome.kind === 'VOID' ? recall.outcome.reason : null),
    settled: (recall) => recall.outcome.settledAt !== undefined,
    settledAt: (recall) => recall.outcome.settledAt ?? null,
    settlements: (recall) => [...recall.settlements],
    credits: (recall) => [...recall.credits],
  },
  CashMovement: {
    movedAt: (movement) => movement.at,
    movedBy: (movement) => movement.actor,
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
    readAt: (totals) => totals.asOf,
    byBetType: (totals) => [...totals.byBetType],
  },
  JournalCause: {
    roundId: (cause) => (cause.tableId != null && cause.round != null ? roundId(cause.tableId, cause.round) : null),
  },
  StatementEntry: {
    id: (entry) => entry.journal.id,
    kind: (entry) => entry.journal.kind,
    occurredAt: (entry) => entry.journal.at,
    currency: (entry) => entry.journal.currency,
    causedBy: (entry) => entry.journal.actor,
    cause: (entry) => entry.journal.cause,
    legs: (entry) => entry.journal.legs.map((leg) => ({ ...leg, account: { kind: leg.account.kind, id: leg.account.id ?? null } })),
    roundDetailsUrl: (entry, _, ctx) => {
      const { tableId, round } = entry.journal.cause;
      const home = homeOf(entry.journal);
      return tableId != null && round != null && home.kind === 'PLAYER' ? roundDetailsUrl(ctx.deps, tableId, round, home.id) : null;
    },
  },
};
