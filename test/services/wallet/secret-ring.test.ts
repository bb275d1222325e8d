/**
 * A partner's wallet secret ring (functions/services/wallet/secret-ring.ts), pure: the text the
 * secret store keeps, the secrets an answer may be signed with at each moment of a rotation, and
 * the ring's moves, none of which ever leaves the house without the secret the partner signs with.
 */
import { describe, expect, it } from 'vitest';
import {
  answered,
  answerKeys,
  moved,
  ringOf,
  ringText,
  withNext,
  withoutExpired,
  type SecretRing,
} from '../../../functions/services/wallet/secret-ring';
import { pendingRingTakes, rotatedRingText } from '../../../functions/services/wallet/wallet-secret-rotation';

const T0 = '2026-05-01T00:00:00.000Z';
const T1 = '2026-05-01T01:00:00.000Z';
const DAY = 24 * 60 * 60 * 1_000;
const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const OLD = 'o'.repeat(40);
const NEW = 'n'.repeat(64);
const keysAt = (ring: SecretRing, now: string) => answerKeys(ring, now).map(({ id, secret }) => `${id}:${secret[0]}`);

describe('a ring as the store keeps it', () => {
  it('is the plain secret when it is its current alone: every secret kept before rings reads as one, and is written back so', () => {
    expect(ringOf(OLD)).toEqual({ current: OLD });
    expect(ringText({ current: OLD })).toBe(OLD);
    expect(ringText(ringOf(OLD))).toBe(OLD);
  });

  it('reads back as written, whatever it holds', () => {
    const ring = moved(withNext({ current: OLD }, NEW, T0), T1, DAY)!;
    expect(ringOf(ringText(ring))).toEqual(ring);
    expect(ringText(ring)).not.toBe(ring.current);
  });

  it('is never mistaken for a plain secret, nor a plain secret for it, even one shaped as a ring', () => {
    // An operator's secret holds no spaces; a ring's text always does.
    const lookalike = JSON.stringify({ kind: 'wallet-secret-ring', current: 'x'.repeat(40) });
    expect(ringOf(lookalike)).toEqual({ current: lookalike });
    expect(ringOf('{not json at all but a secret}')).toEqual({ current: '{not json at all but a secret}' });
    expect(ringOf('{ "kind": "something else", "current": "x" }')).toEqual({ current: '{ "kind": "something else", "current": "x" }' });
  });
});

describe("a rotation's ring", () => {
  it('takes answers signed with the current secret alone before any rotation', () => {
    expect(keysAt({ current: OLD }, T0)).toEqual(['current:o']);
  });

  it('gets a next secret, and takes answers signed with either while the partner switches', () => {
    const rotating = withNext({ current: OLD }, NEW, T0);
    expect(rotating).toEqual({ current: OLD, next: NEW, nextMadeAt: T0 });
    expect(keysAt(rotating, T1)).toEqual(['current:o', 'next:n']);
  });

  it('never replaces a next secret it has: the partner may hold it', () => {
    const rotating = withNext({ current: OLD }, NEW, T0);
    expect(withNext(rotating, 'z'.repeat(64), T1)).toBe(rotating);
    expect(ringOf(rotatedRingText(ringText(rotating), T1))).toEqual(rotating);
  });

  it('moves: next signs the calls, the old one is taken on answers for the overlap, then no more', () => {
    const done = moved(withNext({ current: OLD }, NEW, T0), T1, DAY)!;
    expect(done).toEqual({ current: NEW, previous: OLD, previousUntil: at(T1, DAY), movedAt: T1 });
    expect(keysAt(done, T1)).toEqual(['current:n', 'previous:o']);
    expect(keysAt(done, at(T1, DAY - 1))).toEqual(['current:n', 'previous:o']);
    expect(keysAt(done, at(T1, DAY))).toEqual(['current:n']);
    expect(withoutExpired(done, at(T1, DAY))).toEqual({ current: NEW, movedAt: T1 });
    expect(withoutExpired(done, T1)).toBe(done);
  });

  it('does not move without a next secret', () => {
    expect(moved({ current: OLD }, T1, DAY)).toBeUndefined();
  });

  it('drops a previous secret whose overlap is over when it rotates again, and one still in its overlap when it moves again', () => {
    const first = moved(withNext({ current: OLD }, NEW, T0), T0, DAY)!;
    const later = at(T0, 2 * DAY);
    expect(withNext(first, 'z'.repeat(64), later)).toEqual({ current: NEW, movedAt: T0, next: 'z'.repeat(64), nextMadeAt: later });
    const soon = withNext(first, 'z'.repeat(64), T1);
    expect(moved(soon, T1, DAY)).toEqual({ current: 'z'.repeat(64), previous: NEW, previousUntil: at(T1, DAY), movedAt: T1 });
  });

  it('notes when its next secret was answered to an operator', () => {
    expect(answered(withNext({ current: OLD }, NEW, T0), T1)).toMatchObject({ next: NEW, nextAnsweredAt: T1 });
  });
});

describe("a scheduled rotation's pending ring", () => {
  const pending = rotatedRingText(OLD, T0);

  it('becomes current over the ring it was made from', () => {
    expect(ringOf(pending)).toMatchObject({ current: OLD, next: expect.stringMatching(/^[0-9a-f]{64}$/), nextMadeAt: T0 });
    expect(pendingRingTakes(pending, OLD)).toBe(true);
  });

  it('does not over a ring that moved, or was rotated on demand, since it was made', () => {
    expect(pendingRingTakes(pending, ringText(moved(withNext({ current: OLD }, NEW, T0), T1, DAY)!))).toBe(false);
    expect(pendingRingTakes(pending, ringText(withNext({ current: OLD }, NEW, T1)))).toBe(false);
  });

  it('makes nothing of a ring with a next already: nothing to promote', () => {
    const rotating = ringText(withNext({ current: OLD }, NEW, T0));
    expect(pendingRingTakes(rotatedRingText(rotating, T1), rotating)).toBe(false);
  });
});
