import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RandomBelow } from '../rules/seeded-random';

/**
 * The random numbers of a table with no dealer (docs/FAIRNESS.md), made so that anyone can check
 * them afterwards. A server seed of 32 bytes comes from the operating system's generator
 * (node:crypto's randomBytes), one per craps round or baccarat shoe, never reused; every number
 * drawn for that round or shoe is derived from it by HMAC-SHA256 in counter mode, so that once the
 * seed is revealed every die and card can be recomputed, in any language. Before any bet, only
 * the seed's commitment is published: SHA-256 of the salt and the seed.
 */

/** What a round or a shoe is drawn from, and what is published of it before any bet. */
export interface ServerSeed {
  /** 32 bytes from the operating system's generator, in lowercase hex (64 characters): revealed only once the round or shoe is over. */
  readonly seed: string;
  /** 16 more bytes, in lowercase hex (32 characters): revealed with the seed. */
  readonly salt: string;
  /** `commitmentOf(seed, salt)`: published before the first bet. */
  readonly commitment: string;
}

export const SEED_BYTES = 32;
export const SALT_BYTES = 16;
const HEX = /^[0-9a-f]+$/;

/** A new server seed, never used before: the operating system's generator, through node:crypto. */
export function newServerSeed(): ServerSeed {
  const seed = freshBytes(SEED_BYTES);
  const salt = freshBytes(SALT_BYTES);
  return { seed, salt, commitment: commitmentOf(seed, salt) };
}

/**
 * Bytes of the operating system's generator, in lowercase hex, each byte handed out once: drawn
 * POOL_BYTES at a time, as Node's own randomUUID draws its, because a call into the generator
 * costs about as much for 4 KiB as for 32 bytes, and a test lab's sample takes a seed a line.
 */
function freshBytes(count: number): string {
  if (poolOffset + count > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = pool.toString('hex', poolOffset, poolOffset + count);
  // Wiped once handed out: a seed's bytes stay in no memory but the seed's own.
  pool.fill(0, poolOffset, poolOffset + count);
  poolOffset += count;
  return bytes;
}

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** SHA-256, in lowercase hex, of the ASCII text `<salt hex>:<seed hex>`. */
export function commitmentOf(seed: string, salt: string): string {
  assertHex(seed, SEED_BYTES, 'seed');
  assertHex(salt, SALT_BYTES, 'salt');
  return createHash('sha256').update(`${salt}:${seed}`, 'ascii').digest('hex');
}

/**
 * The raw output of a seed for one purpose ('dice', 'shoe'): unsigned 32-bit numbers, in order.
 * Block k (k = 0, 1, 2...) is HMAC-SHA256 keyed with the seed's 32 bytes over the ASCII text
 * `<purpose>:<k>`; each block gives 8 numbers, its bytes read four at a time, big-endian.
 */
export function rawOutput(seed: string, purpose: string): () => number {
  assertHex(seed, SEED_BYTES, 'seed');
  const key = Buffer.from(seed, 'hex');
  let block = Buffer.alloc(0);
  let counter = 0;
  let offset = 0;
  return () => {
    if (offset === block.length) {
      block = createHmac('sha256', key).update(`${purpose}:${counter++}`, 'ascii').digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

const TWO_32 = 2 ** 32;

/**
 * Whole numbers from 0 to `bound - 1`, each exactly equally likely, from a seed's raw output: a
 * number at or above the largest multiple of `bound` that fits in 32 bits is thrown away and the
 * next one taken (rejection sampling), so no value is favoured as `x mod bound` would favour some.
 */
export function fairRandom(seed: string, purpose: string): RandomBelow {
  const next = rawOutput(seed, purpose);
  return (bound) => {
    if (!Number.isInteger(bound) || bound < 1 || bound > TWO_32) throw new RangeError(`bound must be a whole number from 1 to 2^32`);
    const limit = TWO_32 - (TWO_32 % bound);
    let value = next();
    while (value >= limit) value = next();
    return value % bound;
  };
}

function assertHex(value: string, bytes: number, what: string): void {
  if (value.length !== bytes * 2 || !HEX.test(value)) throw new RangeError(`a ${what} is ${bytes} bytes in lowercase hex`);
}
