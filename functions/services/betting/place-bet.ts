import { GAME_NAMES } from '../../rules/games';
import { MAX_BETTING_BALANCE, MAX_EXPOSURE } from '../../rules/money';
import { newBetKey, shardOfBetKey } from '../../store/kernel/keys';
import type { BetPlacement, PlacementOutcome } from '../../store/betting/placement';
import type { BetRecord } from '../../store/betting/bet-records';
import type { SeatRecord, TableRecord } from '../../store/tables/table-records';
import { backoff, noteTransactionTime, raceWaitCap } from '../../store/kernel/retry';
import { openBetsCapacity } from '../../store/betting/gates';
import { RuleViolation } from '../../rules/rule-violation';
import { betTypeParam, moneyParam, numberParam, textParam } from '../../rules/error-params';
import { bettingBalanceLimit, exposureLimit, validatePlacement, withReserve } from './bet-validation';
import { assertBettingOpen, bettingClosed } from './betting-gate';
import { afterPendingOutcome } from '../rounds/outcome-plans';
import { stakeJournal } from '../money/journals';
import { assertClientKey } from '../kernel/request-checks';
import { answeredCode, ServiceError } from '../kernel/service-error';
import { epochSeconds, type Caller, type ServiceDependencies } from '../kernel/services';
import { currentRound, loadPlayableTable } from '../tables/table-access';
import { runsTable } from '../tables/tenancy';
import { cachedTable, forgetTable, knownBetShards } from '../tables/table-cache';
import { judgedBy, limitsFor } from '../tables/limit-profiles';
import { forgetLayout, rememberLayout, rememberedLayout, type LayoutCopy } from './layout-cache';
import { gateTurn, inTurn, playerTurn } from '../kernel/turns';
import { candidateBet, type BetRequest } from './candidate-bet';
import { placementStoreOn, type PlacementStore } from './placement-store';
import { seamlessWalletOf } from '../wallet/partner-wallets';
import { KeptStake } from './kept-stake';
import { sessionTokenOf } from '../wallet/wallet-sessions';
import { accountRestriction, assertMayPlay } from '../protection/restrictions';
import { limitRefusal } from '../protection/limits';
import { countProtectionRefusal } from '../protection/refusals';
import { realityCheckRefusal } from '../protection/reality-checks';

export interface PlaceBetRequest extends BetRequest {
  readonly idempotencyKey?: string | null;
}

/** Reads and validations of one bet before it is reported as a CONFLICT the client may retry. */
const MAX_ATTEMPTS = 4;
/** Times one placement is sent again after losing a race for an item (nothing else changed). */
const MAX_RESENDS = 12;
/**
 * Times a bet is validated again, beyond MAX_ATTEMPTS, because the player's own bets moved under
 * it: another of the player's requests landed first, in another process (this process's take
 * turns: turns.ts). That is progress, not contention: a front end may send a player's chips all
 * at once, and the last of n chips sent to n servers finds the position moved up to n - 1 times.
 */
const MAX_POSITION_MOVES = 24;

/**
 * Places a bet for the caller. At most one read (the caller's own open bets at the table and
 * their position, in one query, unless this process placed the caller's last bet there this
 * round; the table from this process's recent copy; the seat, if one is asked for, beside it),
 * the game's rules validate the bet against the caller's own bets as they stand
 * once any pending outcome is paid, and one transaction debits the stake, moves the caller's
 * position and lays the bet through its shard's betting gate. Nothing in it is shared by every
 * bet of the table, so bets of different players do not wait for each other.
 * A seamless partner's player (docs/WALLET.md) is debited in their partner's wallet first, and the
 * bet's transaction confirms the debit instead of taking the stake from an account of ours.
 */
export async function placeBet(
  deps: ServiceDependencies,
  caller: Caller,
  request: PlaceBetRequest,
  /** Where the bet is read and written (placement-store.ts): DynamoDB's, over the request's client. */
  store: PlacementStore = placementStoreOn(deps.db),
): Promise<BetRecord> {
  try {
    // The player's chips at once go one after the other in this process (turns.ts).
    return await inTurn(playerTurn(deps, caller.playerId), () => placeOnce(deps, store, caller, request));
  } catch (error) {
    // A fault is not a refusal: the API counts those apart (InternalErrors).
    const code = answeredCode(error);
    if (code !== 'INTERNAL_SERVER_ERROR') deps.metrics.betRefused(code);
    await countProtectionRefusal(deps, caller.playerId, code);
    throw await inTableCurrency(deps, request.tableId, error);
  }
}

/** A refusal naming amounts without their currency (the rules know none): in the table's (read from this process's copy). */
async function inTableCurrency(deps: ServiceDependencies, tableId: string, error: unknown): Promise<unknown> {
  if (!(error instanceof RuleViolation || error instanceof ServiceError)) return error;
  if (!error.params.some((param) => param.kind === 'MONEY' && param.currency === undefined)) return error;
  const table = await cachedTable(deps, tableId);
  return table ? error.inCurrency(table.currency) : error;
}

async function placeOnce(deps: ServiceDependencies, store: PlacementStore, caller: Caller, request: PlaceBetRequest): Promise<BetRecord> {
  const key = request.idempotencyKey ?? undefined;
  if (key !== undefined) assertClientKey('idempotencyKey', key);
  try {
    return await place(deps, store, caller, request, key);
  } catch (error) {
    // A request sent again answers with the bet its key placed, whatever has changed since
    // (betting closed, the balance spent, the player's limits reached by that very bet).
    if (key !== undefined && (error instanceof ServiceError || error instanceof RuleViolation)) {
      const existing = await betPlacedWithKey(store, caller, key, deps.now());
      if (existing) return sameRequest(existing, request);
    }
    throw error;
  }
}

async function place(
  deps: ServiceDependencies,
  store: PlacementStore,
  caller: Caller,
  request: PlaceBetRequest,
  key: string | undefined,
): Promise<BetRecord> {
  const uniqueId = deps.newId();
  const wallet = await seamlessWalletOf(deps, caller.playerId);
  // A seamless bet sent again is answered before its stake is asked of the wallet a second time.
  if (wallet && key !== undefined) {
    const existing = await betPlacedWithKey(store, caller, key, deps.now());
    if (existing) return sameRequest(existing, request);
  }
  // This process's recent copy of the table is safe to bet on (its gate checks the round); a
  // refusal it leads to, and any lost race, is asked again of a fresh read.
  // A dealer's bet reads the table fresh: a copy could miss that an operator just assigned them to it.
  let fresh = caller.roles.has('DEALER');
  // A seamless stake is debited once and kept by every attempt after (kept-stake.ts).
  // Its session's token is read while the table is: a debit waits for no read of its own.
  const stake = wallet ? new KeptStake(deps, wallet, sessionTokenOf(deps, wallet, caller.playerId)) : undefined;
  let laid = false;
  try {
    for (let attempt = 0, moves = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = deps.now();
      // The caller's bets as this process last left them, if it did: no read (layout-cache.ts).
      const copy = fresh ? undefined : rememberedLayout(deps, request.tableId, caller.playerId);
      // The caller's shard needs the table's shard count: known once this process has read the table.
      const shards = knownBetShards(deps, request.tableId);
      const [table, read, seat] = await Promise.all([
        loadPlayableTable(deps, request.tableId, GAME_NAMES, { fresh, seenBy: caller }),
        copy || shards === undefined ? undefined : store.playerLayout(request.tableId, caller.playerId, shards),
        request.seat != null && Number.isInteger(request.seat) ? store.seat(request.tableId, request.seat) : undefined,
      ]);
      if (runsTable(caller, table)) throw new ServiceError('FORBIDDEN', 'You run this table: nobody may bet at a table they deal.');
      // A partner's operator runs no table, but is staff all the same: operators play nowhere.
      if (caller.roles.has('OPERATOR')) throw new ServiceError('FORBIDDEN', 'Operators may not bet.');
      const layout =
        copy && copy.round === currentRound(table)
          ? copy
          : layoutFor(table, read ?? (await store.playerLayout(table.id, caller.playerId, table.betShards)));
      // A seamless bet's id names its debit in the partner's wallet: kept while the debit stands, new once it is given back.
      const betKey = stake
        ? await stake.betKeyFor(currentRound(table), () => newBetKey(caller.playerId, table.betShards, deps.newId()))
        : newBetKey(caller.playerId, table.betShards, uniqueId);
      // The caller's limit profile, where the table offers one (limit-profiles.ts).
      const limits = await limitsFor(deps, caller, table);
      let placement: BetPlacement;
      try {
        const candidate = candidateBet(table, caller, request, betKey, now);
        const validated = validatePlacement(
          judgedBy(table, limits),
          limits.profile === null ? candidate : { ...candidate, limitProfile: limits.profile },
          layout.bets,
        );
        // A seamless stake holds no reserve: there is no account of ours for it to be reserved in.
        const bet = wallet ? { ...validated, seamless: true as const } : withReserve(table, validated);
        placement = {
          table,
          betKey,
          bet,
          positionVersion: layout.positionVersion,
          journal: stakeJournal(bet, table.currency, caller.playerId),
          ...(key !== undefined ? { idempotencyKey: key } : {}),
        };
        assertBettingOpen(table, now);
        if (placement.bet.seat != null)
          placement = { ...placement, seat: await seatClaim(store, table, placement.bet.seat, caller.playerId, seat) };
      } catch (error) {
        if (fresh || !isRefusal(error)) throw error;
        fresh = true;
        forgetTable(deps, request.tableId);
        continue;
      }

      const outcome = stake
        ? await placeThroughWallet(deps, store, placement, stake, now)
        : await sendPlacement(deps, store, placement, now);
      if (outcome.placed) {
        laid = true;
        // Counted here, where the bet is laid: a request sent again answers the same bet, uncounted.
        deps.metrics.betPlaced();
        rememberLayout(deps, table.id, caller.playerId, {
          round: placement.bet.round,
          positionVersion: layout.positionVersion + 1,
          bets: [...layout.bets, placement.bet],
        });
        return placement.bet;
      }
      forgetLayout(deps, table.id, caller.playerId);
      switch (outcome.reason) {
        case 'DUPLICATE_REQUEST':
          return sameRequest(await requireBet(store, outcome.existingBetId), request);
        case 'DEBIT_UNCONFIRMED':
          throw new ServiceError('WALLET_UNAVAILABLE', 'Your wallet did not confirm the stake in time; it is given back. Try again.');
        case 'ACCOUNT_REFUSED':
          await explainAccount(deps, store, caller, table, placement.bet);
          break;
        case 'RESTRICTED':
          await assertMayPlay(deps, caller.playerId, placement.bet.placedAt);
          break;
        case 'BETTING_CLOSED':
          // The gate closed after the table was read: say so, once the table is read fresh.
          if (fresh) throw bettingClosed();
          break;
        case 'SHARD_FULL':
          throw new ServiceError(
            'TABLE_FULL',
            'The table holds the most bets it takes at once ({capacity}); bet after the next outcome.',
            undefined,
            [numberParam('capacity', openBetsCapacity(table.betShards))],
          );
        case 'RACED':
          // Another transaction held an item (the player's account: their own bet at another table):
          // a jittered wait, so that the two do not meet again at once.
          await backoff(attempt, 5, raceWaitCap());
          break;
        case 'POSITION_CHANGED':
          // Another of the player's own requests landed first: read their bets again (the table is
          // as it was), after a short random wait so that the player's other chips do not read in step.
          if (moves++ < MAX_POSITION_MOVES) {
            attempt--; // not an attempt lost: MAX_POSITION_MOVES bounds these
            await backoff(Math.min(moves, 4), 4, 50);
            continue;
          }
          break;
        // SEAT_CHANGED: read again.
      }
      fresh = true;
      forgetTable(deps, request.tableId);
    }
    throw new ServiceError('CONFLICT', 'The table was too busy to take the bet; retry.');
  } finally {
    // Refused, answered with another request's bet, or out of attempts: the stake goes back to the wallet.
    if (!laid) await stake?.release('the bet was not laid');
  }
}

/** The caller's bets as read, as they stand once the table's pending outcome is paid: what a bet is validated against. */
const layoutFor = (table: TableRecord, read: { bets: BetRecord[]; positionVersion: number }): LayoutCopy => ({
  round: currentRound(table),
  positionVersion: read.positionVersion,
  bets: afterPendingOutcome(table, read.bets),
});

const isRefusal = (error: unknown): boolean => error instanceof ServiceError || error instanceof RuleViolation;

/** Why the account refused the stake (the transaction only says it did): read it, and say so; or it changed, and the next attempt goes on. */
async function explainAccount(
  deps: ServiceDependencies,
  store: PlacementStore,
  caller: Caller,
  table: TableRecord,
  bet: BetRecord,
): Promise<void> {
  const account = await store.account(caller.playerId);
  if (!account) throw new ServiceError('NOT_FOUND', 'You have no account.', null);
  // The player's protection first: a player kept from play is told so, whatever else is amiss.
  const restricted = await accountRestriction(deps, account, bet.placedAt);
  if (restricted) throw restricted;
  const realityCheck = await realityCheckRefusal(deps, account, bet.placedAt);
  if (realityCheck) throw realityCheck;
  // A new day, week or month starts the limits' counting again (or a rise came due): the bet is sent again.
  const limits = await limitRefusal(deps, account, ['STAKE', 'LOSS'], bet.amount, bet.placedAt);
  if (limits instanceof ServiceError) throw limits;
  if (limits) return;
  if (account.currency !== table.currency) {
    throw new ServiceError('CURRENCY_MISMATCH', 'The table plays in {tableCurrency}; your account holds {accountCurrency}.', undefined, [
      textParam('tableCurrency', table.currency),
      textParam('accountCurrency', account.currency),
    ]);
  }
  if (account.balance < bet.amount)
    throw new ServiceError('INSUFFICIENT_FUNDS', 'The stake exceeds your balance of {balance}.', undefined, [
      moneyParam('balance', account.balance, account.currency),
    ]);
  if (account.balance > MAX_BETTING_BALANCE) throw bettingBalanceLimit();
  if ((account.exposure ?? 0) + (bet.reserve ?? 0) > MAX_EXPOSURE) throw exposureLimit();
}

/**
 * A seamless bet: its stake debited in the partner's wallet (refused there: the bet is refused,
 * nothing owed), then the placement, which confirms the debit with the bet. A placement that does
 * not land keeps the debit for the next attempt (kept-stake.ts).
 */
async function placeThroughWallet(
  deps: ServiceDependencies,
  store: PlacementStore,
  placement: BetPlacement,
  stake: KeptStake,
  now: string,
): Promise<PlacementOutcome> {
  const debited = await stake.debited(placement, now);
  // The round is over at the wallet: as betting closed under a table read too old.
  if (!debited) return { placed: false, reason: 'BETTING_CLOSED' };
  const outcome = await sendPlacement(deps, store, debited, now);
  if (outcome.placed || (await stake.confirmedIn(store))) return { placed: true };
  return outcome;
}

/** Sends the placement, and again after a short random wait for as long as it only loses races. */
async function sendPlacement(
  deps: ServiceDependencies,
  store: PlacementStore,
  placement: BetPlacement,
  now: string,
): Promise<PlacementOutcome> {
  // One at a time through the shard's gate from this process (turns.ts); other processes' bets are raced.
  return inTurn(gateTurn(deps, placement.table.id, shardOfBetKey(placement.betKey)), async () => {
    for (let resend = 0; ; resend++) {
      const sentAt = performance.now();
      const outcome = await store.commit(placement, epochSeconds(now));
      if (outcome.placed || outcome.reason !== 'RACED') noteTransactionTime(performance.now() - sentAt);
      if (outcome.placed || outcome.reason !== 'RACED' || resend + 1 >= MAX_RESENDS) return outcome;
      // Sized by how long transactions take here lately: the one holding the item takes about as long.
      await backoff(resend, 4, raceWaitCap());
    }
  });
}

/**
 * The seat the bet claims: free or the caller's already, or another player's whose bets on it are
 * all decided (taken over, on condition that player has not claimed it again meanwhile).
 */
async function seatClaim(
  store: PlacementStore,
  table: TableRecord,
  seat: number,
  playerId: string,
  current: SeatRecord | undefined,
): Promise<NonNullable<BetPlacement['seat']>> {
  if (!current || current.playerId === playerId) return { number: seat };
  const theirs = afterPendingOutcome(table, await store.playerOpenBets(table.id, current.playerId, table.betShards));
  if (theirs.some((bet) => bet.seat === seat))
    throw new ServiceError('SEAT_TAKEN', 'Seat {seat} is taken by another player.', undefined, [numberParam('seat', seat)]);
  return { number: seat, takingOver: current };
}

/** A key names one request: the bet it placed is returned only to the same request. */
function sameRequest(bet: BetRecord, request: PlaceBetRequest): BetRecord {
  const same =
    bet.tableId === request.tableId &&
    bet.type === request.type &&
    bet.amount === request.amount &&
    (bet.baseBetId ?? null) === (request.baseBetId ?? null) &&
    (bet.seat ?? null) === (request.seat ?? null);
  if (!same) {
    throw new ServiceError(
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotencyKey already placed a different bet ({betType} {amount}).',
      undefined,
      [betTypeParam('betType', bet.type), moneyParam('amount', bet.amount)],
    );
  }
  return bet;
}

async function betPlacedWithKey(store: PlacementStore, caller: Caller, key: string, now: string): Promise<BetRecord | undefined> {
  const existingId = await store.betIdForKey(caller.playerId, key, epochSeconds(now));
  return existingId ? requireBet(store, existingId) : undefined;
}

async function requireBet(store: PlacementStore, id: string): Promise<BetRecord> {
  const bet = await store.bet(id);
  if (!bet) throw new Error(`idempotency record points at bet ${id}, which is not stored`);
  return bet;
}
