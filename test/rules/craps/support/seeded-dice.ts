import type { Dice, Die } from '../../../../functions/rules/craps/types';

/**
 * Reproducible dice for simulations: sfc32, a small fast generator with a 128-bit state,
 * seeded explicitly. Never used by the rules themselves (they take the dice as input).
 */
export function seededDice(seed: number): () => Dice {
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
  // Rejection sampling keeps each face exactly equally likely: 2^32 is not a multiple of 6.
  const limit = 2 ** 32 - (2 ** 32 % 6);
  const die = (): Die => {
    let x = next();
    while (x >= limit) x = next();
    return ((x % 6) + 1) as Die;
  };
  return () => [die(), die()];
}
