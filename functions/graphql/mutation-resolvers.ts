import type { MutationResolvers, ResolversTypes } from './generated/resolvers-types';
import type { GraphQLContext } from './context';
import { payloadOf } from './payloads';
import { requireCaller, requireHouseOperator, requireRole } from './caller-checks';
import { loadedWhenCalled } from './loaded-when-called';
import type { SettledOutcome } from '../services/rounds/settle-outcome';
import type { BaccaratTableView, CrapsTableView } from './views';
import type { Game } from '../store/tables/table-records';
import type { OutcomeRecord } from '../store/rounds/outcome-records';

// The use cases, each loaded with its first call: a cold start loads only those its first request runs.
const openTable = loadedWhenCalled(() => import('../services/tables/open-table'), 'openTable');
const placeBet = loadedWhenCalled(() => import('../services/betting/place-bet'), 'placeBet');
const takeDownBet = loadedWhenCalled(() => import('../services/betting/take-down-bet'), 'takeDownBet');
const closeBetting = loadedWhenCalled(() => import('../services/betting/close-betting'), 'closeBetting');
const setShooter = loadedWhenCalled(() => import('../services/betting/set-shooter'), 'setShooter');
const submitRoll = loadedWhenCalled(() => import('../services/rounds/submit-roll'), 'submitRoll');
const submitDeal = loadedWhenCalled(() => import('../services/rounds/submit-deal'), 'submitDeal');
const voidRound = loadedWhenCalled(() => import('../services/rounds/void-round'), 'voidRound');
const startNewShoe = loadedWhenCalled(() => import('../services/rounds/start-new-shoe'), 'startNewShoe');
const closeTable = loadedWhenCalled(() => import('../services/tables/close-table'), 'closeTable');
const setDealingPaused = loadedWhenCalled(() => import('../services/rng/round-loop'), 'setDealingPaused');
const protection = () => import('../services/protection/restrictions');
const assignDealers = loadedWhenCalled(() => import('../services/tables/assign-dealers'), 'assignDealers');
const assignLimitProfile = loadedWhenCalled(() => import('../services/tables/limit-profiles'), 'assignLimitProfile');
const deposit = loadedWhenCalled(() => import('../services/money/cashier'), 'deposit');
const openAccount = loadedWhenCalled(() => import('../services/money/cashier'), 'openAccount');
const withdraw = loadedWhenCalled(() => import('../services/money/cashier'), 'withdraw');
const openJackpotPool = loadedWhenCalled(() => import('../services/money/jackpot-pools'), 'openJackpotPool');
const configurePartnerWallet = loadedWhenCalled(() => import('../services/wallet/partner-wallets'), 'configurePartnerWallet');
const issuePartnerCredential = loadedWhenCalled(() => import('../services/sessions/partner-credentials'), 'issuePartnerCredential');
const revokePartnerCredential = loadedWhenCalled(() => import('../services/sessions/partner-credentials'), 'revokePartnerCredential');
const rotatePartnerCredential = loadedWhenCalled(() => import('../services/sessions/credential-rotation'), 'rotatePartnerCredential');
const rotatePartnerWalletSecret = loadedWhenCalled(() => import('../services/wallet/wallet-secret-rotation'), 'rotatePartnerWalletSecret');
const finishPartnerWalletSecretRotation = loadedWhenCalled(
  () => import('../services/wallet/wallet-secret-rotation'),
  'finishPartnerWalletSecretRotation',
);
const configurePartnerClient = loadedWhenCalled(() => import('../services/sessions/partner-clients'), 'configurePartnerClient');
const rotatePlayerTokenKeys = loadedWhenCalled(() => import('../services/sessions/player-tokens'), 'rotatePlayerTokenKeys');
const startWalletSession = loadedWhenCalled(() => import('../services/wallet/wallet-sessions'), 'startWalletSession');
const settleWalletCallByHand = loadedWhenCalled(() => import('../services/wallet/settle-by-hand'), 'settleWalletCallByHand');

/** What an outcome's payload says besides the outcome itself. */
const settled = <O extends OutcomeRecord, G extends Game>(result: SettledOutcome<O, G>) => ({
  settlementComplete: result.settlementComplete,
  settlements: result.settlements,
});

/**
 * Every mutation: one `input`, one payload (graphql/payloads.ts: its result, or the refusals its
 * error enum lists as userErrors). Thin: who may, then one service call, whose module is loaded
 * with its first call (loaded-when-called.ts).
 */
export const mutationResolvers: MutationResolvers<GraphQLContext> = {
  openTable: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['OpenTablePayload']>(info, async () => ({
      table: await openTable(ctx.deps, requireHouseOperator(ctx), {
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
        dealing: input.dealing ?? null,
      }),
    })),
  placeBet: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['PlaceBetPayload']>(info, async () => ({ bet: await placeBet(ctx.deps, requireCaller(ctx), input) })),
  takeDownBet: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['TakeDownBetPayload']>(info, async () => ({
      bet: await takeDownBet(ctx.deps, requireCaller(ctx), input.betId),
    })),
  setShooter: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SetShooterPayload']>(info, async () => ({
      table: (await setShooter(ctx.deps, requireRole(ctx, 'DEALER'), input.tableId, input.playerId)) as CrapsTableView,
    })),
  closeBetting: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['CloseBettingPayload']>(info, async () => ({
      table: await closeBetting(ctx.deps, requireRole(ctx, 'DEALER'), input.tableId),
    })),
  submitRoll: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SubmitRollPayload']>(info, async () => {
      const result = await submitRoll(ctx.deps, requireRole(ctx, 'DEALER'), input);
      return { roll: result.outcome, table: result.table, ...settled(result) };
    }),
  submitDeal: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SubmitDealPayload']>(info, async () => {
      const result = await submitDeal(ctx.deps, requireRole(ctx, 'DEALER'), input);
      return { deal: result.outcome, table: result.table, ...settled(result) };
    }),
  voidRound: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['VoidRoundPayload']>(info, async () => {
      const result = await voidRound(ctx.deps, requireRole(ctx, 'DEALER'), input);
      return { voidedRound: result.outcome, table: result.table, ...settled(result) };
    }),
  startNewShoe: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['StartNewShoePayload']>(info, async () => ({
      table: (await startNewShoe(ctx.deps, requireRole(ctx, 'DEALER'), input.tableId)) as BaccaratTableView,
    })),
  openAccount: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['OpenAccountPayload']>(info, async () => ({
      account: await openAccount(ctx.deps, requireRole(ctx, 'OPERATOR'), { playerId: input.playerId, currency: input.currency ?? 'MOP' }),
    })),
  deposit: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['DepositPayload']>(info, async () => ({
      account: await deposit(ctx.deps, requireRole(ctx, 'OPERATOR'), input),
    })),
  withdraw: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['WithdrawPayload']>(info, async () => ({
      account: await withdraw(ctx.deps, requireRole(ctx, 'OPERATOR'), input),
    })),
  assignLimitProfile: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['AssignLimitProfilePayload']>(info, async () => ({
      assignment: await assignLimitProfile(ctx.deps, requireRole(ctx, 'OPERATOR'), input),
    })),
  configurePartnerWallet: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['ConfigurePartnerWalletPayload']>(info, async () => ({
      wallet: await configurePartnerWallet(ctx.deps, requireHouseOperator(ctx), input),
    })),
  settleWalletCall: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SettleWalletCallPayload']>(info, async () => ({
      call: await settleWalletCallByHand(ctx.deps, requireHouseOperator(ctx), input),
    })),
  assignDealers: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['AssignDealersPayload']>(info, async () => ({
      table: await assignDealers(ctx.deps, requireHouseOperator(ctx), input.tableId, input.dealers),
    })),
  closeTable: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['CloseTablePayload']>(info, async () => ({
      table: await closeTable(ctx.deps, requireHouseOperator(ctx), input.tableId, input.reason),
    })),
  takeTimeOut: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['TakeTimeOutPayload']>(info, async () => {
      const { takeTimeOut, changedProtection } = await protection();
      return { protection: changedProtection(ctx.deps, await takeTimeOut(ctx.deps, requireCaller(ctx), input)) };
    }),
  selfExclude: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SelfExcludePayload']>(info, async () => {
      const { selfExclude, changedProtection } = await protection();
      return { protection: changedProtection(ctx.deps, await selfExclude(ctx.deps, requireCaller(ctx), input)) };
    }),
  setLimit: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SetLimitPayload']>(info, async () => {
      const caller = requireCaller(ctx);
      const playerId = await (
        await import('../services/protection/limits')
      ).setLimit(ctx.deps, caller, {
        playerId: input.playerId ?? null,
        kind: input.kind,
        period: input.period,
        amount: input.amount ?? null,
      });
      return { protection: await (await protection()).playerProtection(ctx.deps, caller, playerId) };
    }),
  setRealityCheck: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['SetRealityCheckPayload']>(info, async () => {
      const caller = requireCaller(ctx);
      const { setRealityCheck } = await import('../services/protection/reality-checks');
      const playerId = await setRealityCheck(ctx.deps, caller, { playerId: input.playerId ?? null, minutes: input.minutes ?? null });
      return { protection: await (await protection()).playerProtection(ctx.deps, caller, playerId) };
    }),
  issuePartnerCredential: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['IssuePartnerCredentialPayload']>(info, async () => ({
      credential: await issuePartnerCredential(ctx.deps, requireHouseOperator(ctx), input.partner),
    })),
  configurePartnerClient: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['ConfigurePartnerClientPayload']>(info, async () => ({
      client: await configurePartnerClient(ctx.deps, requireHouseOperator(ctx), input),
    })),
  rotatePlayerTokenKeys: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['RotatePlayerTokenKeysPayload']>(info, async () => ({
      keyId: await rotatePlayerTokenKeys(ctx.deps, requireHouseOperator(ctx), input.fromKeyId),
    })),
  rotatePartnerCredential: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['RotatePartnerCredentialPayload']>(info, async () => ({
      credential: await rotatePartnerCredential(ctx.deps, requireHouseOperator(ctx), input.partner),
    })),
  rotatePartnerWalletSecret: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['RotatePartnerWalletSecretPayload']>(info, async () => ({
      nextSecret: await rotatePartnerWalletSecret(ctx.deps, requireHouseOperator(ctx), input.partner),
    })),
  finishPartnerWalletSecretRotation: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['FinishPartnerWalletSecretRotationPayload']>(info, async () => ({
      rotation: await finishPartnerWalletSecretRotation(ctx.deps, requireHouseOperator(ctx), input.partner),
    })),
  revokePartnerCredential: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['RevokePartnerCredentialPayload']>(info, async () => ({
      credential: await revokePartnerCredential(ctx.deps, requireHouseOperator(ctx), input),
    })),
  startWalletSession: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['StartWalletSessionPayload']>(info, async () => ({
      session: await startWalletSession(ctx.deps, requireCaller(ctx), input),
    })),
  acknowledgeRealityCheck: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['AcknowledgeRealityCheckPayload']>(info, async () => {
      const caller = requireCaller(ctx);
      const { acknowledgeRealityCheck } = await import('../services/protection/reality-checks');
      const playerId = await acknowledgeRealityCheck(ctx.deps, caller, input.dueAt);
      return { protection: await (await protection()).playerProtection(ctx.deps, caller, playerId) };
    }),
  blockPlayer: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['BlockPlayerPayload']>(info, async () => {
      const { blockPlayer, changedProtection } = await protection();
      return { protection: changedProtection(ctx.deps, await blockPlayer(ctx.deps, requireRole(ctx, 'OPERATOR'), input)) };
    }),
  unblockPlayer: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['UnblockPlayerPayload']>(info, async () => {
      const { unblockPlayer, changedProtection } = await protection();
      return { protection: changedProtection(ctx.deps, await unblockPlayer(ctx.deps, requireRole(ctx, 'OPERATOR'), input)) };
    }),
  pauseDealing: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['PauseDealingPayload']>(info, async () => ({
      table: await setDealingPaused(ctx.deps, requireHouseOperator(ctx), input.tableId, true),
    })),
  resumeDealing: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['ResumeDealingPayload']>(info, async () => ({
      table: await setDealingPaused(ctx.deps, requireHouseOperator(ctx), input.tableId, false),
    })),
  openJackpotPool: (_, { input }, ctx, info) =>
    payloadOf<ResolversTypes['OpenJackpotPoolPayload']>(info, async () => ({
      jackpotPool: await openJackpotPool(ctx.deps, requireHouseOperator(ctx), input),
    })),
};
