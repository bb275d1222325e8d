import { ServiceError } from './service-error';
import { numberParam } from '../../rules/error-params';

/**
 * Pagination shared by every list the API pages through (Relay-style connections): how many a
 * page holds, and the opaque cursors pages hand out. A cursor is base64url JSON of where its page
 * ended; one that does not decode to what the list expects is refused without being echoed.
 */

/** A page of a list: its entries (each with the cursor of where it stands), and whether more follow. */
export interface Page<E extends { readonly cursor: string }> {
  readonly entries: readonly E[];
  readonly hasNextPage: boolean;
  /** The cursor of the page's last entry; null on an empty page. */
  readonly endCursor: string | null;
}

export const pageOf = <E extends { readonly cursor: string }>(entries: readonly E[], hasNextPage: boolean): Page<E> => ({
  entries,
  hasNextPage,
  endCursor: entries.at(-1)?.cursor ?? null,
});

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

export function pageSize(first: number | null | undefined): number {
  const size = first ?? PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > PAGE_MAX)
    throw new ServiceError('BAD_USER_INPUT', 'first must be from 1 to {max}.', undefined, [numberParam('max', PAGE_MAX)]);
  return size;
}

export const encodeCursor = (parts: readonly unknown[]): string => Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');

/** The cursor's parts, if `accept` takes them; a BAD_USER_INPUT refusal otherwise. */
export function decodeCursor<T>(text: string, accept: (parts: unknown[]) => T | undefined): T {
  try {
    const parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    const accepted = Array.isArray(parts) ? accept(parts) : undefined;
    if (accepted !== undefined) return accepted;
  } catch {
    // refused below
  }
  throw new ServiceError('BAD_USER_INPUT', 'after is not a cursor this list gave.');
}

/** A cursor into a currency's book: the book key of the page's last journal. */
export const encodeBookCursor = (bookSk: string): string => encodeCursor([bookSk]);
export const decodeBookCursor = (text: string): string =>
  decodeCursor(text, ([bookSk]) => (typeof bookSk === 'string' && bookSk.length > 0 ? bookSk : undefined));

/** A range's bounds must come in order. */
export function assertRange(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && from > to) throw new ServiceError('BAD_USER_INPUT', 'from must not be after to.');
}

/** A cursor into a table's rolls or deals: the sequence of the page's last one. */
export const encodeSequenceCursor = (sequence: number): string => encodeCursor([sequence]);
export const decodeSequenceCursor = (text: string): number =>
  decodeCursor(text, ([sequence]) => (Number.isSafeInteger(sequence) && (sequence as number) >= 1 ? (sequence as number) : undefined));
