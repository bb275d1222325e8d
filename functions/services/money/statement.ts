import { getAccount } from '../../store/money/accounts';
import { playerAmount, playerJournals, type JournalRecord } from '../../store/money/ledger';
import { JOURNAL_PREFIX, journalSortKey } from '../../store/kernel/keys';
import { ServiceError } from '../kernel/service-error';
import { assertRange, decodeCursor, encodeCursor, pageOf, pageSize, type Page } from '../kernel/pages';
import type { ServiceDependencies } from '../kernel/services';

/**
 * A player's statement: their journals, newest first, each with what it moved on their account
 * and the balance after it, within a time range, a page at a time (Relay-style cursors).
 *
 * The balance after the newest journal is the account's balance, read at a still moment: the
 * account is read before and after the journals are, and the same journal count on both reads
 * says that the query saw exactly the journals the balance holds. Older balances follow by
 * subtracting each journal's amount; a cursor carries the balance where its page ended, so later
 * pages need no second look at the account. Journals are ordered by the time they were stamped
 * (then id): two of one player's movements stamped a few milliseconds apart by different servers
 * are shown in their stamps' order, which the balances after them follow.
 */

export interface StatementRequest {
  readonly first?: number | null;
  readonly after?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

export interface StatementEntry {
  readonly journal: JournalRecord;
  /** What the journal moved into the player's account (negative: out of it). */
  readonly amount: number;
  readonly balanceAfter: number;
  readonly cursor: string;
}

export type StatementPage = Page<StatementEntry>;

const STILL_MOMENT_ATTEMPTS = 5;

export async function accountStatement(deps: ServiceDependencies, playerId: string, request: StatementRequest): Promise<StatementPage> {
  const first = pageSize(request.first);
  assertRange(request.from, request.to);
  const fromSk = request.from ? `${JOURNAL_PREFIX}${request.from}` : undefined;
  const toSk = request.to ? `${JOURNAL_PREFIX}${request.to}` : undefined;

  let journals: JournalRecord[];
  let balance: number;
  if (request.after) {
    const cursor = decodeStatementCursor(request.after);
    journals = await playerJournals(deps.db, playerId, { fromSk, belowSk: min(cursor.sk, toSk), limit: first + 1 });
    balance = cursor.balance;
  } else {
    ({ journals, balance } = await firstPage(deps, playerId, fromSk, toSk, first + 1));
  }

  const entries: StatementEntry[] = [];
  for (const journal of journals.slice(0, first)) {
    const amount = playerAmount(journal, playerId);
    const balanceAfter = balance;
    balance -= amount;
    entries.push({ journal, amount, balanceAfter, cursor: encodeStatementCursor({ sk: journalSortKey(journal), balance }) });
  }
  return pageOf(entries, journals.length > first);
}

/** The newest page, and the balance after its newest journal, read at a still moment. */
async function firstPage(deps: ServiceDependencies, playerId: string, fromSk: string | undefined, toSk: string | undefined, limit: number) {
  for (let attempt = 0; attempt < STILL_MOMENT_ATTEMPTS; attempt++) {
    const before = await getAccount(deps.db, playerId);
    if (!before) throw new ServiceError('NOT_FOUND', 'That player has no account.');
    const [journals, later] = await Promise.all([
      playerJournals(deps.db, playerId, { fromSk, belowSk: toSk, limit }),
      // What came after the range: the balance at its end is the balance less that.
      toSk ? playerJournals(deps.db, playerId, { fromSk: toSk }) : Promise.resolve([]),
    ]);
    const afterwards = await getAccount(deps.db, playerId);
    if ((afterwards?.journals ?? 0) !== (before.journals ?? 0)) continue;
    const laterTotal = later.reduce((sum, journal) => sum + playerAmount(journal, playerId), 0);
    return { journals, balance: before.balance - laterTotal };
  }
  throw new ServiceError('CONFLICT', 'The account kept moving while the statement was read; retry.');
}

const min = (a: string, b: string | undefined) => (b !== undefined && b < a ? b : a);

/** A statement's cursor: where its page ended, and the balance there. */
const encodeStatementCursor = (cursor: { sk: string; balance: number }): string => encodeCursor([cursor.sk, cursor.balance]);
const decodeStatementCursor = (text: string): { sk: string; balance: number } =>
  decodeCursor(text, ([sk, balance]) =>
    typeof sk === 'string' && sk.startsWith(JOURNAL_PREFIX) && Number.isSafeInteger(balance)
      ? { sk, balance: balance as number }
      : undefined,
  );
