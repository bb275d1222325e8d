/**
 * The tables' random number generator (functions/fairness): its numbers are the documented
 * derivation of the server seed (docs/FAIRNESS.md), computed here again through WebCrypto; whole
 * numbers are scaled by rejection sampling, never `x mod n` alone; and dice and shoes drawn by the
 * tables' own code pass chi-square checks that a biased generator fails. Each check's threshold
 * is the chi-square value a fair generator passes 999,999 times in a million (p = 10^-6).
 */
import { randomBytes, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, fairRandom, newServerSeed, rawOutput } from '../../functions/fairness/fair-random';
import { fairShoe } from '../../functions/fairness/fair-dealing';
import { diceSample } from '../../functions/fairness/rng-samples';
import { freshShoe } from '../../functions/rules/baccarat/shoe';
import { formatCard } from '../../functions/rules/baccarat/cards';
import { shuffled } from '../../functions/rules/seeded-random';

/** Chi-square critical values at p = 10^-6, by degrees of freedom. */
const CRITICAL = { 5: 35.89, 7: 40.52, 12: 50.83 } as const;

const chiSquare = (counts: readonly number[], expected: number) =>
  counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);

describe('a server seed', () => {
  it('is 32 fresh bytes and a 16-byte salt, never the same twice, committed to by SHA-256 of "<salt>:<seed>"', async () => {
    // 48 KB of the generator's bytes: drawn 4 KiB at a time, none handed out twice.
    const seeds = Array.from({ length: 1_000 }, newServerSeed);
    expect(new Set(seeds.flatMap(({ seed, salt }) => [seed, salt])).size).toBe(2_000);
    const [{ seed, salt, commitment }] = seeds as [(typeof seeds)[0]];
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${seed}`));
    expect(commitment).toBe(Buffer.from(digest).toString('hex'));
    expect(() => commitmentOf(seed.toUpperCase(), salt)).toThrow(RangeError);
    expect(() => commitmentOf(seed.slice(2), salt)).toThrow(RangeError);
  });
});

describe("a seed's raw output", () => {
  it('is HMAC-SHA256(seed, "<purpose>:<block>") read as big-endian 32-bit numbers, 8 a block', async () => {
    const { seed } = newServerSeed();
    const key = await webcrypto.subtle.importKey('raw', Buffer.from(seed, 'hex'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected: number[] = [];
    for (let block = 0; block < 3; block++) {
      const mac = Buffer.from(await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(`shoe:${block}`)));
      for (let i = 0; i < 8; i++) expected.push(mac.readUInt32BE(4 * i));
    }
    const next = rawOutput(seed, 'shoe');
    expect(Array.from({ length: 24 }, next)).toEqual(expected);
    // Another purpose, another stream.
    expect(rawOutput(seed, 'dice')()).not.toBe(expected[0]);
  });

  it('is scaled by rejection sampling: a number at or above the largest multiple of the bound is skipped', () => {
    const { seed } = newServerSeed();
    // A bound three quarters of 2^32: a quarter of the raw numbers fall at or above its only multiple, and are skipped.
    const bound = 3 * 2 ** 30;
    const raw = rawOutput(seed, 'dice');
    const expected: number[] = [];
    while (expected.length < 200) {
      const value = raw();
      if (value < bound) expected.push(value % bound);
    }
    const below = fairRandom(seed, 'dice');
    expect(Array.from({ length: 200 }, () => below(bound))).toEqual(expected);
    expect(() => below(0)).toThrow(RangeError);
    expect(() => below(1.5)).toThrow(RangeError);
  });
});

describe('dice', () => {
  const ROLLS = 300_000;

  it('show each face equally often, as a fair generator does (chi-square, 600,000 dice, each round its own seed)', () => {
    const faces = [0, 0, 0, 0, 0, 0];
    for (const line of diceSample(ROLLS)) for (const die of line.split(' ')) faces[Number(die) - 1]!++;
    expect(faces.reduce((a, b) => a + b)).toBe(2 * ROLLS);
    expect(chiSquare(faces, (2 * ROLLS) / 6)).toBeLessThan(CRITICAL[5]);
  });

  it('would fail the same check if a die were a byte mod 6 (1 to 4 a little likelier)', () => {
    // The bytes come from a fixed seed's stream, so the verdict is the same at every run:
    // - fresh bytes pass it about once in 450 runs: a biased die may look fair by chance;
    // - this stream's value is about twice the threshold.
    const faces = [0, 0, 0, 0, 0, 0];
    const next = rawOutput('42'.repeat(32), 'biased dice');
    for (let word = 0; word < (2 * ROLLS) / 4; word++) {
      const value = next();
      for (let shift = 0; shift < 32; shift += 8) faces[((value >>> shift) & 0xff) % 6]!++;
    }
    expect(faces.reduce((a, b) => a + b)).toBe(2 * ROLLS);
    expect(chiSquare(faces, (2 * ROLLS) / 6)).toBeGreaterThan(CRITICAL[5]);
  });
});

describe('a shoe', () => {
  const SHOES = 2_000;
  const DECKS = 8;
  const POSITIONS = [0, 1, 103, 207, 311, 414, 415];
  const BUCKETS = 8;

  /**
   * Where the cards at POSITIONS came from in the fresh shoe's order, in 8 equal buckets: one count
   * table per position. The copies of a card cannot be told apart, so the positions are followed on
   * the shoe's own indices, shuffled by the very code and stream fairShoe shuffles its cards with.
   */
  function originBuckets(shuffle: (indices: readonly number[]) => readonly number[]): number[][] {
    const indices = freshShoe(DECKS).map((_, index) => index);
    const size = indices.length / BUCKETS;
    const counts = POSITIONS.map(() => new Array<number>(BUCKETS).fill(0));
    for (let s = 0; s < SHOES; s++) {
      const origin = shuffle(indices);
      POSITIONS.forEach((position, i) => counts[i]![Math.floor(origin[position]! / size)]!++);
    }
    return counts;
  }

  it('holds every card of its decks, each exactly as often as a fresh shoe', () => {
    const shoe = fairShoe(newServerSeed().seed, DECKS).map(formatCard);
    expect([...shoe].sort()).toEqual(freshShoe(DECKS).map(formatCard).sort());
  });

  it('puts cards from every part of the fresh shoe at each position equally often (chi-square over 2,000 shoes of 8 decks)', () => {
    const counts = originBuckets((indices) => shuffled(indices, fairRandom(newServerSeed().seed, 'shoe')));
    for (const position of counts) expect(chiSquare(position, SHOES / BUCKETS)).toBeLessThan(CRITICAL[7]);
    // And the shoe itself: each rank as likely at the first and the last position (13 ranks, 32 cards each).
    for (const position of [0, 415]) {
      const ranks = new Map<string, number>();
      for (let s = 0; s < SHOES; s++) {
        const rank = fairShoe(newServerSeed().seed, DECKS)[position]!.rank;
        ranks.set(rank, (ranks.get(rank) ?? 0) + 1);
      }
      expect(ranks.size).toBe(13);
      expect(chiSquare([...ranks.values()], SHOES / 13)).toBeLessThan(CRITICAL[12]);
    }
  });

  it('would fail the same check if the shuffle scaled a random byte mod i + 1 (no card past the 256th reaches the last positions)', () => {
    const counts = originBuckets((indices) => {
      const bytes = randomBytes(indices.length);
      let next = 0;
      return shuffled(indices, (bound) => bytes[next++]! % bound);
    });
    expect(counts.some((position) => chiSquare(position, SHOES / BUCKETS) > CRITICAL[7])).toBe(true);
  });
});
