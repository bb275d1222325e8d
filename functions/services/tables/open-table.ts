import { GAME_NAMES } from '../../rules/games';
import { createTableSession, getTableSession } from '../../store/tables/tables';
import { createOnce, creation } from '../kernel/creation-keys';
import type { Dealing, Game, TableRecord } from '../../store/tables/table-records';
import { committedSeed } from '../rng/server-seeds';
import { sendStep } from '../rng/round-loop';
import { bettingDeadline } from '../betting/betting-gate';
import { ServiceError } from '../kernel/service-error';
import { gameTablesOf, type TableOpeningRequest } from './game-tables';
import { assertTableMaximum, once, playerLimits } from './table-stakes';
import { PARTNER } from './tenancy';
import { betShardsOfRequest } from './bet-shards';
import { assertCurrency } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { numberParam, textParam } from '../../rules/error-params';

/** Besides the stakes, the currency and the game's own options (game-tables.ts, TableOpeningRequest): */
export interface OpenTableRequest extends TableOpeningRequest {
  readonly game: Game;
  /** What the lobby calls the table. */
  readonly name?: string | null;
  /** The partners whose players are offered the table (the lobby, bets); absent, every partner's. */
  readonly partners?: readonly string[] | null;
  /** The betting clock: betting closes this many seconds after it opens each round (the dealer may close it sooner). */
  readonly bettingWindowSeconds?: number | null;
  /** The client's key: the same key from the same operator opens one table, however often it is sent. */
  readonly idempotencyKey?: string | null;
  /** How many betting-gate shards the table's bets are spread over (bet-shards.ts); absent, 64. */
  readonly betShards?: number | null;
  /** Who deals: a dealer (LIVE, the default), or the server on its own clock (RNG: services/rng/). */
  readonly dealing?: Dealing | null;
}

/** The betting window of a table the server deals, when the operator sets none. */
export const RNG_BETTING_WINDOW_SECONDS = 15;

/** Opens a table session with options the game's rules have validated. */
export async function openTable(deps: ServiceDependencies, caller: Caller, request: OpenTableRequest): Promise<TableRecord> {
  assertCurrency(request.currency);
  assertTableMaximum(request.maximumBet);
  const { idempotencyKey, ...options } = request;
  const made = creation(deps, caller, 'table', idempotencyKey, options);
  const now = deps.now();
  const rng = request.dealing === 'RNG';
  const common = {
    id: made.id,
    ...(made.creationKey ? { creationKey: made.creationKey } : {}),
    status: 'OPEN' as const,
    currency: request.currency,
    minimumBet: request.minimumBet,
    maximumBet: request.maximumBet,
    betShards: betShardsOfRequest(request.betShards),
    version: 0,
    playerLimits: playerLimits(request),
    ...bettingClock(rng ? { ...request, bettingWindowSeconds: request.bettingWindowSeconds ?? RNG_BETTING_WINDOW_SECONDS } : request),
    ...(rng ? { dealing: 'RNG' as const } : {}),
    ...lobbyFields(request),
    bettingOpenedAt: now,
    createdAt: now,
    openedBy: caller.playerId,
  };
  const tables = gameTablesOf(request.game);
  const misplaced = GAME_NAMES.map((game) => gameTablesOf(game).optionsField).find(
    (field) => field !== tables.optionsField && request[field] != null,
  );
  if (misplaced)
    throw new ServiceError('BAD_USER_INPUT', '{field} options were given for a {game} table.', undefined, [
      textParam('field', misplaced),
      textParam('game', request.game),
    ]);
  const opened = await tables.open(deps, common, request);
  // The server's first seed is committed to before the table takes a bet (docs/FAIRNESS.md).
  const first = rng ? committedSeed(opened.id, now, tables.serverDealt.firstSeed(opened)) : undefined;
  const table = first ? { ...opened, fairness: first.fairness } : opened;
  const loop = first && { tableId: table.id, token: deps.newId(), dueAt: bettingDeadline(table)! };
  let created = false;
  // Betting opens for the table's first outcome.
  const answer = await createOnce(
    made,
    table,
    async () => {
      const result = await createTableSession(deps.db, table, 1, first && loop ? { seed: first.seed, loop } : undefined);
      created = result === 'CREATED';
      return result;
    },
    () => getTableSession(deps.db, table.id),
  );
  // The round loop's first step, at the first deadline (if it cannot be sent, the sweeper starts the loop).
  if (created && loop) await sendStep(deps, { tableId: loop.tableId, token: loop.token }, Date.parse(loop.dueAt));
  return answer;
}

/** A table's name: what a lobby shows, so letters, digits, spaces and common punctuation, 1 to 64 of them. */
const TABLE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .,'&()#+:-]{0,63}$/u;
const MAX_PARTNERS = 50;

function lobbyFields(request: OpenTableRequest): { name?: string; partners?: readonly string[] } {
  if (request.name != null && !TABLE_NAME.test(request.name)) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      "name must be 1 to 64 letters, digits, spaces and . , ' & ( ) # + : -, starting with a letter or digit.",
    );
  }
  const partners = request.partners == null ? undefined : once(request.partners, 'partners', (partner) => partner);
  if (partners && (partners.length > MAX_PARTNERS || !partners.every((partner) => PARTNER.test(partner)))) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      "partners: at most {max} partner ids, each 1 to 32 of lowercase letters, digits and '-'.",
      undefined,
      [numberParam('max', MAX_PARTNERS)],
    );
  }
  return { ...(request.name != null ? { name: request.name } : {}), ...(partners ? { partners } : {}) };
}

/** A betting window long enough to bet in and short enough to be a live table's: 5 s to 10 minutes. */
export const BETTING_WINDOW_SECONDS = { min: 5, max: 600 } as const;

function bettingClock(request: OpenTableRequest): { bettingWindowSeconds?: number } {
  const seconds = request.bettingWindowSeconds;
  if (seconds == null) return {};
  if (!Number.isInteger(seconds) || seconds < BETTING_WINDOW_SECONDS.min || seconds > BETTING_WINDOW_SECONDS.max) {
    throw new ServiceError('BAD_USER_INPUT', 'bettingWindowSeconds must be a whole number of seconds from {min} to {max}.', undefined, [
      numberParam('min', BETTING_WINDOW_SECONDS.min),
      numberParam('max', BETTING_WINDOW_SECONDS.max),
    ]);
  }
  return { bettingWindowSeconds: seconds };
}
