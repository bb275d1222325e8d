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
const fails = (problem: string): { readonly ok: false; readonly problem: string } => ({ ok: false, problem });

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

/** What one deal shows of its shoe's fairness (Deal.fairness), and which deal it is. */
export interface DealShown {
  /** The deal's sequence at its table, to name it. */
  readonly sequence: number;
  readonly fairness: {
    readonly commitment: string;
    readonly seed: string | null;
    readonly salt: string | null;
    readonly burn?: readonly string[] | null;
  } | null;
}

/** A shoe's seed, salt and burn, as its deals show them once it is over. */
export interface ShownReveal {
  readonly seed: string;
  readonly salt: string;
  /** Null where no deal shows one (a shoe revealed before burns were published). */
  readonly burn: readonly string[] | null;
}

/** What every deal of a shoe shows: its commitment, and its reveal (null while the shoe is in play, or if never revealed). */
export type ShoeRevealVerdict =
  | { readonly ok: true; readonly commitment: string; readonly reveal: ShownReveal | null }
  | { readonly ok: false; readonly problem: string };

const shortHex = (value: string): string => (value.length > 16 ? `${value.slice(0, 12)}…` : value);

/**
 * The one reveal every deal of a shoe must show (docs/FAIRNESS.md, "Checking a table"): the same
 * commitment on each, and, once the shoe is over, the same seed, salt and burn on each; while it is
 * in play (`inPlay`), no seed, salt or burn on any. A deal that shows anything else fails, named
 * by its sequence, whatever the others show: reading the reveal off one deal alone would pass a
 * different seed on another, or a seed leaked on a later deal of a shoe still in play.
 */
export function verifyShoeReveals(deals: readonly DealShown[], inPlay: boolean): ShoeRevealVerdict {
  const ordered = [...deals].sort((a, b) => a.sequence - b.sequence);
  const first = ordered[0];
  if (!first) return fails('no deal of the shoe to read its reveal from');
  const unnamed = ordered.find((deal) => !deal.fairness);
  if (unnamed) return fails(`deal ${unnamed.sequence} names no commitment`);
  const shown = ordered.map((deal) => ({
    sequence: deal.sequence,
    commitment: deal.fairness!.commitment,
    seed: deal.fairness!.seed ?? null,
    salt: deal.fairness!.salt ?? null,
    burn: deal.fairness!.burn ? deal.fairness!.burn.join(' ') : null,
  }));
  const reference = shown[0]!;
  const values = {
    seed: (value: string | null) => (value === null ? 'no seed' : `seed ${shortHex(value)}`),
    salt: (value: string | null) => (value === null ? 'no salt' : `salt ${shortHex(value)}`),
    burn: (value: string | null) => (value === null ? 'no burn' : `burn ${value}`),
  };
  for (const deal of shown) {
    if (deal.commitment !== reference.commitment)
      return fails(`deal ${deal.sequence} names commitment ${deal.commitment}, deal ${reference.sequence} ${reference.commitment}`);
    for (const field of ['seed', 'salt', 'burn'] as const) {
      const value = deal[field];
      if (inPlay && value !== null) return fails(`deal ${deal.sequence} shows a ${field} while its shoe is in play`);
      if (value !== reference[field])
        return fails(`deal ${deal.sequence} shows ${values[field](value)}, deal ${reference.sequence} ${values[field](reference[field])}`);
    }
  }
  const { seed, salt } = reference;
  if ((seed === null) !== (salt === null))
    return fails(`deal ${reference.sequence} shows ${seed === null ? 'a salt without its seed' : 'a seed without its salt'}`);
  const reveal = seed !== null && salt !== null ? { seed, salt, burn: first.fairness!.burn ?? null } : null;
  return { ok: true, commitment: reference.commitment, reveal };
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
