import { partnerActivityPage } from '../../store/betting/partner-activity';
import type { BetRecord, BetStatus, BetType } from '../../store/betting/bet-records';
import { decodeCursor, encodeCursor } from '../kernel/pages';
import { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';
import { roundDetailsLinks } from '../rounds/round-links';
import { cachedTable } from '../tables/table-cache';
import { subjectOf } from '../wallet/wallet-calls';
import { numberParam } from '../../rules/error-params';

/**
 * A partner's activity feed (docs/LAUNCH.md, "Activity"): every bet of its players, in the order
 * each last changed (placed, decided, given a jackpot share), paged by a cursor the partner keeps.
 * A bet stands in the feed where it last changed, as it then is: a partner reading between its
 * placement and its decision gets it twice, one reading after both once. Its latest entry is the bet.
 *
 * The feed runs ACTIVITY_DELAY_MS behind the clock: the index it reads lags the writes by a
 * moment, and a write lands a moment after the time it carries (its transaction, a retry). An
 * entry is given only once that delay has passed, so a cursor never passes an entry still to appear.
 */
export const ACTIVITY_DELAY_MS = 30_000;
export const ACTIVITY_PAGE_DEFAULT = 100;
export const ACTIVITY_PAGE_MAX = 500;

export interface ActivityRequest {
  /** Where a first call starts: entries changed at or after this instant (ISO 8601, UTC). */
  readonly since?: unknown;
  /** Where a later call goes on: the last answer's `nextCursor`. */
  readonly cursor?: unknown;
  readonly limit?: unknown;
}

export interface ActivityEntry {
  readonly betId: string;
  /** The player as the partner knows them. */
  readonly playerId: string;
  readonly tableId: string;
  readonly game: string | null;
  readonly currency: string | null;
  /** The round the bet was placed for. */
  readonly round: number;
  readonly type: BetType;
  readonly number: number | null;
  /** Stake, winnings and what was returned (stake and winnings, or the stake pushed), in minor units. */
  readonly amount: number;
  readonly status: BetStatus;
  readonly winnings: number;
  readonly returned: number;
  /** Where the stake came from: the partner's wallet (SEAMLESS) or the player's account here (TRANSFER). */
  readonly wallet: 'SEAMLESS' | 'TRANSFER';
  readonly placedAt: string;
  readonly settledAt: string | null;
  /** The outcome (roll or deal) that decided the bet. */
  readonly settledBy: number | null;
  /** When the bet last changed: the entry's place in the feed. */
  readonly changedAt: string;
  readonly roundDetailsUrl: string | null;
}

export interface ActivityPage {
  readonly entries: readonly ActivityEntry[];
  /** Where the next call goes on from; kept by the partner (an empty page gives it too). */
  readonly nextCursor: string;
  /** Whether more entries are ready now: call again at once; otherwise, poll later. */
  readonly more: boolean;
  /** Entries changed up to this instant are all given, in this page or before it. */
  readonly through: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** A feed position: an instant, `#`, and a bet id (or the end of that instant). */
const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[\x21-\x7e\uffff]{1,400}$/;
/** Past every bet id of an instant. */
const END_OF_INSTANT = '#\uffff';

export async function partnerActivity(deps: ServiceDependencies, partner: string, request: ActivityRequest): Promise<ActivityPage> {
  const first = limitOf(request.limit);
  const after = startOf(request);
  const through = new Date(Date.parse(deps.now()) - ACTIVITY_DELAY_MS).toISOString();
  const end = `${through}${END_OF_INSTANT}`;
  // A start past the end (a `since` still to come): nothing is ready yet.
  if (after.from > end) return { entries: [], nextCursor: after.cursor, more: false, through };
  const page = await partnerActivityPage(deps.db, partner, { from: after.from, to: end, first });
  const entries = await entriesOf(deps, page.items);
  const last = page.items.at(-1)?.bookSk;
  // Once all that is ready is given, the next call goes on from the end, past what this one covered.
  const next = page.more && last !== undefined ? last : end;
  return { entries, nextCursor: encodeCursor([next]), more: page.more, through };
}

function limitOf(limit: unknown): number {
  if (limit === undefined) return ACTIVITY_PAGE_DEFAULT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > ACTIVITY_PAGE_MAX)
    throw new ServiceError('BAD_USER_INPUT', 'limit must be a whole number from 1 to {max}.', 'limit', [
      numberParam('max', ACTIVITY_PAGE_MAX),
    ]);
  return limit;
}

/** Where the page starts (a key of the feed, inclusive) and the cursor that stands for it. */
function startOf({ since, cursor }: ActivityRequest): { readonly from: string; readonly cursor: string } {
  if ((since === undefined) === (cursor === undefined))
    throw new ServiceError('BAD_USER_INPUT', 'Send either since (a first call) or cursor (the last answer’s nextCursor).', 'since');
  if (cursor !== undefined) {
    const refused = new ServiceError('BAD_USER_INPUT', 'cursor is not a nextCursor this feed gave.', 'cursor');
    if (typeof cursor !== 'string' || cursor.length > 1_024) throw refused;
    let position: string;
    try {
      position = decodeCursor(cursor, ([key]) => (typeof key === 'string' && POSITION.test(key) ? key : undefined));
    } catch {
      throw refused;
    }
    // BETWEEN is inclusive: the cursor's own entry is left out by starting just past it.
    return { from: `${position}\u0000`, cursor };
  }
  if (typeof since !== 'string' || !INSTANT.test(since) || Number.isNaN(Date.parse(since)))
    throw new ServiceError('BAD_USER_INPUT', 'since must be an instant in ISO 8601, UTC (2026-12-05T10:00:00.000Z).', 'since');
  const from = new Date(since).toISOString();
  // A cursor standing just before `since`, so that an empty first page still gives one to go on from.
  return { from, cursor: encodeCursor([`${new Date(Date.parse(from) - 1).toISOString()}${END_OF_INSTANT}`]) };
}

async function entriesOf(
  deps: ServiceDependencies,
  items: readonly { readonly record: BetRecord; readonly bookSk: string }[],
): Promise<ActivityEntry[]> {
  const tables = new Map(
    await Promise.all(
      [...new Set(items.map(({ record }) => record.tableId))].map(async (id) => [id, await cachedTable(deps, id)] as const),
    ),
  );
  const link = items.length > 0 ? await roundDetailsLinks(deps) : undefined;
  return items.map(({ record: bet, bookSk }) => {
    const table = tables.get(bet.tableId);
    return {
      betId: bet.id,
      playerId: subjectOf(bet.playerId),
      tableId: bet.tableId,
      game: table?.game ?? null,
      currency: table?.currency ?? null,
      round: bet.round,
      type: bet.type,
      number: bet.number ?? null,
      amount: bet.amount,
      status: bet.status,
      winnings: bet.winnings,
      returned: bet.returned,
      wallet: bet.seamless ? 'SEAMLESS' : 'TRANSFER',
      placedAt: bet.placedAt,
      settledAt: bet.settledAt ?? null,
      settledBy: bet.settledBy ?? null,
      changedAt: bookSk.slice(0, bookSk.indexOf('#')),
      roundDetailsUrl: link?.(bet.tableId, bet.settledBy ?? bet.round, bet.playerId) ?? null,
    };
  });
}
