/**
 * Seeded, reproducible randomness for simulations, tests and benchmarks; never for live outcomes:
 * at a live table the outcomes come from the physical dice and cards, which the API takes as input,
 * and the rules layer draws no random numbers of its own. Pure: the same seed gives the same
 * sequence, and nothing but the returned generator's own state changes.
 */

/** A uniformly random whole number from 0 to `bound - 1` (`bound` a whole number from 1 to 2^32). */
export type RandomBelow = (bound: number) => number;

const TWO_32 = 2 ** 32;

/**
 * `items` in an order drawn by `random`, every order equally likely when `random` is fair:
 * Fisher-Yates from the last position down, swapping position i with position random(i + 1).
 */
export function shuffled<T>(items: readonly T[], random: RandomBelow): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  return order;
}

/**
 * sfc32, a small fast generator with a 128-bit state, seeded explicitly. Whole numbers are drawn by
 * rejection sampling, so each is exactly equally likely (2^32 is rarely a multiple of `bound`).
 */
export function seededRandom(seed: number): RandomBelow {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) next();
  return (bound) => {
    if (!Number.isInteger(bound) || bound < 1 || bound > TWO_32) {
      throw new RangeError(`bound must be a whole number from 1 to 2^32, got ${bound}`);
    }
    const limit = TWO_32 - (TWO_32 % bound);
    let x = next();
    while (x >= limit) x = next();
    return x % bound;
  };
}
