import { formatCard, type Card } from '../rules/baccarat/cards';
import { fairDice } from './fair-dealing';
import { commitmentOf } from './fair-random';
import { dealtShoeOf } from './rng-shoe';

/**
 * The checks anyone can make once a table reveals a seed (docs/FAIRNESS.md): that it is the one
 * committed to before any bet, and that every die or card dealt followed from it. Each answers
 * the first thing that does not hold, in words.
 */

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly problem: string };

/** What a table reveals of a round or a shoe, once it is over. */
export interface Reveal {
  readonly seed: string;
  readonly salt: string;
  /** What the table published before any bet. */
  readonly commitment: string;
}

const OK: Verdict = { ok: true };
const fails = (problem: string): Verdict => ({ ok: false, problem });

/** The revealed seed and salt are those committed to. */
export function verifyCommitment({ seed, salt, commitment }: Reveal): Verdict {
  let computed: string;
  try {
    computed = commitmentOf(seed, salt);
  } catch {
    return fails('the revealed seed or salt is not of the published form (32 and 16 bytes, lowercase hex)');
  }
  return computed === commitment ? OK : fails(`SHA-256 of the revealed salt and seed is ${computed}, not the published commitment`);
}

/** A craps round's dice are those its revealed seed draws. */
export function verifyRoll(reveal: Reveal, dice: readonly number[]): Verdict {
  const committed = verifyCommitment(reveal);
  if (!committed.ok) return committed;
  const drawn = fairDice(reveal.seed);
  return drawn.join(' ') === dice.join(' ') ? OK : fails(`the seed draws ${drawn.join(' ')}, the table rolled ${dice.join(' ')}`);
}

/**
 * A shoe's rounds (all of them, or the first ones dealt so far) are those its revealed seed deals
 * at a table of `decks` decks, and so is its burn where the burn is known.
 */
export function verifyShoe(
  reveal: Reveal,
  decks: number,
  dealt: { readonly burn?: readonly Card[]; readonly rounds: readonly (readonly Card[])[] },
): Verdict {
  const committed = verifyCommitment(reveal);
  if (!committed.ok) return committed;
  const shoe = dealtShoeOf(reveal.seed, decks);
  const cards = (list: readonly Card[]) => list.map(formatCard).join(' ');
  if (dealt.burn && cards(dealt.burn) !== cards(shoe.burn))
    return fails(`the seed burns ${cards(shoe.burn)}, the table burned ${cards(dealt.burn)}`);
  if (dealt.rounds.length > shoe.rounds.length)
    return fails(`the seed deals ${shoe.rounds.length} rounds, the table dealt ${dealt.rounds.length}`);
  for (const [index, round] of dealt.rounds.entries()) {
    const expected = shoe.rounds[index]!;
    if (cards(round) !== cards(expected))
      return fails(`round ${index + 1} of the shoe: the seed deals ${cards(expected)}, the table dealt ${cards(round)}`);
  }
  return OK;
}
