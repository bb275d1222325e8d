import type { Resolvers } from './generated/resolvers-types';
import type { GraphQLContext } from './context';
import { DateTimeScalar, MoneyScalar } from './scalars';
import { ServiceError } from '../services/service-error';
import type { Caller } from '../services/services';
import { openTable } from '../services/open-table';
import { placeBet } from '../services/place-bet';
import { submitRoll } from '../services/submit-roll';
import { takeDownBet } from '../services/take-down-bet';
import { accountBets, findAccount, findBet, findTable, ownAccount, tableOpenBets, tableRolls } from '../services/queries';
import type { RollRecord } from '../store/records';

/** Resolvers stay thin: who is calling, then one service call. */
function requireCaller(context: GraphQLContext): Caller {
  if (!context.caller) throw new ServiceError('UNAUTHENTICATED', 'Sign in: this API needs a bearer token.');
  return context.caller;
}

const total = (roll: RollRecord): number | null => (roll.dice ? roll.dice[0] + roll.dice[1] : null);

export const resolvers: Resolvers = {
  Money: MoneyScalar,
  DateTime: DateTimeScalar,

  Query: {
    table: async (_, { id }, ctx) => {
      requireCaller(ctx);
      return (await findTable(ctx.deps, id)) ?? null;
    },
    me: (_, __, ctx) => ownAccount(ctx.deps, requireCaller(ctx)),
    account: async (_, { id }, ctx) => (await findAccount(ctx.deps, requireCaller(ctx), id)) ?? null,
    bet: async (_, { id }, ctx) => (await findBet(ctx.deps, requireCaller(ctx), id)) ?? null,
  },

  Mutation: {
    openTable: (_, { input }, ctx) =>
      openTable(ctx.deps, requireCaller(ctx), {
        game: input.game,
        currency: input.currency ?? 'MOP',
        minimumBet: input.minimumBet,
        maximumBet: input.maximumBet,
        field12Pays: input.field12Pays ?? null,
      }),
    placeBet: (_, { input }, ctx) => placeBet(ctx.deps, requireCaller(ctx), input),
    takeDownBet: (_, { id }, ctx) => takeDownBet(ctx.deps, requireCaller(ctx), id),
    submitRoll: (_, { input }, ctx) => submitRoll(ctx.deps, requireCaller(ctx), input),
  },

  Table: {
    craps: (table) =>
      table.game === 'CRAPS'
        ? {
            phase: table.state.phase,
            point: table.state.point,
            rollCount: table.state.rollCount,
            field12Pays: (table.options as { field12Pays?: number }).field12Pays ?? 2,
          }
        : null,
    openBets: (table, _, ctx) => tableOpenBets(ctx.deps, table.id),
    rolls: (table, { last }, ctx) => tableRolls(ctx.deps, table.id, last ?? 20),
  },

  Bet: {
    number: (bet) => bet.number ?? null,
    baseBetId: (bet) => bet.baseBetId ?? null,
    settledAt: (bet) => bet.settledAt ?? null,
    settledByRoll: (bet) => bet.settledByRoll ?? null,
  },

  Roll: {
    dice: (roll) => (roll.dice ? [...roll.dice] : null),
    void: (roll) => roll.dice === null,
    total,
    phaseBefore: (roll) => roll.stateBefore.phase,
    pointBefore: (roll) => roll.stateBefore.point,
    phaseAfter: (roll) => roll.stateAfter.phase,
    pointAfter: (roll) => roll.stateAfter.point,
  },

  RollResult: {
    settlements: (result) => result.settlements,
  },

  BetSettlement: {
    outcome: (settlement) => settlement.entry.resolution.outcome,
    winnings: (settlement) => (settlement.entry.resolution.outcome === 'WIN' ? settlement.entry.resolution.winnings : 0),
    returned: (settlement) => settlement.entry.returned,
  },

  Account: {
    bets: (account, { last }, ctx) => accountBets(ctx.deps, requireCaller(ctx), account.id, last ?? 50),
  },
};
