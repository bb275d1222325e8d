/// <reference lib="dom" />
/** Dice drawn with pips on a 3 x 3 grid (no font has to hold the dice glyphs). */
import { el } from './dom';

/** The grid cells (0 top left to 8 bottom right) holding a pip, for each face. */
const PIPS: Readonly<Record<number, readonly number[]>> = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export function die(value: number, size: 'large' | 'small' = 'small'): HTMLElement {
  const pips = PIPS[value] ?? [];
  return el(
    'span',
    { class: `die die-${size}`, role: 'img', 'aria-label': String(value) },
    ...Array.from({ length: 9 }, (_, cell) => el('span', { class: pips.includes(cell) ? 'pip' : 'pip-space', 'aria-hidden': 'true' })),
  );
}
