/**
 * A partner's wallet secret as a small ring (docs/WALLET.md, "Rotating the secret"), so that it
 * changes with no moment when a call or an answer is refused: an HMAC secret the house and the
 * partner share can only change once both know the new one.
 *
 * - `current` signs every call the house sends, and is taken on answers.
 * - `next`, made by a rotation (on Secrets Manager's schedule, or an operator's), is taken on
 *   answers too, while the partner fetches it (or is handed it) and starts signing with it.
 * - The first answer the house takes signed with `next` (or an operator's finish) moves the ring:
 *   next becomes current (calls are signed with it from then on), current becomes `previous`,
 *   still taken on answers for the overlap (a wallet of many servers does not switch them all at
 *   once), then dropped.
 *
 * Pure: the ring's text as the secret store keeps it, and its moves. A plain string (every secret
 * kept before rings, and a ring with nothing but its current) is a ring of its current alone, and is
 * written back so.
 */
export interface SecretRing {
  readonly current: string;
  readonly next?: string;
  /** When the rotation made `next`. */
  readonly nextMadeAt?: string;
  /** When `next` was answered to an operator (once: rotatePartnerWalletSecret). */
  readonly nextAnsweredAt?: string;
  readonly previous?: string;
  /** Until when answers signed with `previous` are taken. */
  readonly previousUntil?: string;
  /** When `next` became current, last. */
  readonly movedAt?: string;
}

/** A secret an answer may be signed with, by the part of the ring it is. */
export interface RingKey {
  readonly id: 'current' | 'next' | 'previous';
  readonly secret: string;
}

/** Marks a ring's text apart from a plain secret. */
const MARKER = 'wallet-secret-ring';

/**
 * The ring a stored text is: a plain secret is its current alone. A ring is written with JSON's
 * line breaks, which no plain secret holds (an operator's secret is printable characters without
 * spaces), so no secret is ever taken for a ring, whatever it looks like.
 */
export function ringOf(text: string): SecretRing {
  if (text.startsWith('{') && /\s/.test(text)) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      if (json.kind === MARKER && typeof json.current === 'string') {
        const { kind: _kind, ...ring } = json;
        return ring as unknown as SecretRing;
      }
    } catch {
      // Not JSON: a plain secret that starts with a brace.
    }
  }
  return { current: text };
}

/** The text the store keeps: the plain secret for a ring of its current alone (the form every reader before rings takes). */
export function ringText(ring: SecretRing): string {
  const { current, ...rest } = ring;
  if (Object.values(rest).every((value) => value === undefined)) return current;
  return JSON.stringify({ kind: MARKER, current, ...rest }, null, 1);
}

/** The previous secret, while it is still taken at `now`. */
const previousAt = (ring: SecretRing, now: string): string | undefined =>
  ring.previous !== undefined && ring.previousUntil !== undefined && now < ring.previousUntil ? ring.previous : undefined;

/** The secrets an answer may be signed with at `now`: current, next if a rotation made one, previous during its overlap. */
export function answerKeys(ring: SecretRing, now: string): RingKey[] {
  const previous = previousAt(ring, now);
  return [
    { id: 'current', secret: ring.current },
    ...(ring.next !== undefined ? [{ id: 'next' as const, secret: ring.next }] : []),
    ...(previous !== undefined ? [{ id: 'previous' as const, secret: previous }] : []),
  ];
}

/** The ring without a previous secret whose overlap is over. */
export function withoutExpired(ring: SecretRing, now: string): SecretRing {
  if (ring.previous === undefined || previousAt(ring, now) !== undefined) return ring;
  const { previous: _previous, previousUntil: _until, ...kept } = ring;
  return kept;
}

/** A rotation's step: a next secret (`made`), unless the ring has one already (the partner may hold it: it is never replaced). */
export function withNext(ring: SecretRing, made: string, now: string): SecretRing {
  if (ring.next !== undefined) return ring;
  return { ...withoutExpired(ring, now), next: made, nextMadeAt: now };
}

/**
 * Next becomes current, current becomes previous, taken on answers for `overlapMs` from `now`;
 * a previous before it is dropped. Undefined for a ring with no next (nothing to move).
 */
export function moved(ring: SecretRing, now: string, overlapMs: number): SecretRing | undefined {
  if (ring.next === undefined) return undefined;
  return {
    current: ring.next,
    previous: ring.current,
    previousUntil: new Date(Date.parse(now) + overlapMs).toISOString(),
    movedAt: now,
  };
}

/** The ring once its next secret was answered to an operator, `now`. */
export const answered = (ring: SecretRing, now: string): SecretRing => ({ ...ring, nextAnsweredAt: now });
