/// <reference lib="dom" />
/**
 * The check a player makes in the page of a seed a table revealed (docs/FAIRNESS.md), with the
 * browser's own WebCrypto and nothing of the server's: the seed and salt hash to the commitment
 * published before the bets; for a roll, the seed draws the dice that were rolled; for a shoe,
 * every deal of it shows that reveal, and the seed deals its burn and every round, card by card.
 * The same steps as the server's (functions/fairness/), written again here as any verifier would.
 */
import { t } from './i18n/language';

export interface Reveal {
  readonly commitment: string;
  readonly seed: string;
  readonly salt: string;
}

export type Check = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly text: string };

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array((text.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
const ascii = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));

/** SHA-256 of `<salt>:<seed>`, lowercase hex. */
export async function commitmentOf(seed: string, salt: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', ascii(`${salt}:${seed}`)));
}

/**
 * Whole numbers below a bound, from a seed's stream for `purpose`: HMAC-SHA256(seed, "<purpose>:k")
 * blocks, k = 0, 1, 2..., read as big-endian 32-bit numbers, each at or above the largest multiple
 * of the bound that fits in 32 bits thrown away (rejection sampling).
 */
async function fairBelow(seed: string, purpose: string): Promise<(bound: number) => Promise<number>> {
  const key = await crypto.subtle.importKey('raw', fromHex(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  let block = 0;
  let view = new DataView(new ArrayBuffer(0));
  let offset = 0;
  const next = async (): Promise<number> => {
    if (offset === view.byteLength) {
      view = new DataView(await crypto.subtle.sign('HMAC', key, ascii(`${purpose}:${block++}`)));
      offset = 0;
    }
    const value = view.getUint32(offset, false);
    offset += 4;
    return value;
  };
  return async (bound) => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let value = await next();
    while (value >= limit) value = await next();
    return value % bound;
  };
}

/** The two dice a seed draws: 1 + a fair whole number below 6, twice, from its stream for "dice". */
export async function diceOf(seed: string): Promise<[number, number]> {
  const below = await fairBelow(seed, 'dice');
  const first = 1 + (await below(6));
  return [first, 1 + (await below(6))];
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/**
 * The shoe a seed deals at a table of `decks` decks, position 0 first, cards written as the API
 * writes them ("10H"): the fresh shoe (deck after deck; spades, hearts, diamonds, clubs; A to K),
 * then Fisher-Yates from the last position down, j a fair whole number below i + 1 ("shoe" stream).
 */
export async function shoeOf(seed: string, decks: number): Promise<string[]> {
  const cards: string[] = [];
  for (let deck = 0; deck < decks; deck++) for (const suit of 'SHDC') for (const rank of RANKS) cards.push(rank + suit);
  const below = await fairBelow(seed, 'shoe');
  for (let i = cards.length - 1; i > 0; i--) {
    const j = await below(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

/** Where a card's rank stands in A, 2... 10, J, Q, K: 0 for an ace. */
const rankOf = (card: string): number => RANKS.indexOf(card.slice(0, -1));
/** A card's count for the burn: an ace 1, 2 to 9 their number, a ten or a face card 10. */
const burnCount = (card: string): number => Math.min(10, rankOf(card) + 1);
/** A card's point value in a hand: an ace 1, 2 to 9 their number, a ten or a face card 0. */
const points = (card: string): number => (rankOf(card) < 9 ? rankOf(card) + 1 : 0);

/** The Banker draws a third card (docs/RULES.md, the tableau), given its two-card total and the Player's third card, if any. */
function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird >= 6 && playerThird <= 7;
  return false;
}

/**
 * Every card a shoe deals: its burn (the card at position 0 and as many more as it counts), then
 * its rounds by the tableau (Player, Banker, Player, Banker, then the Player's third card if it
 * draws one, then the Banker's), the last being the first to start at or past the cut card, 14
 * cards from the end.
 */
export function dealtShoe(shoe: readonly string[]): { burn: string[]; rounds: string[][] } {
  const burn = shoe.slice(0, 1 + burnCount(shoe[0]!));
  let next = burn.length;
  const draw = (): string => shoe[next++]!;
  const round = (): string[] => {
    const cards = [draw(), draw(), draw(), draw()];
    const player = (points(cards[0]!) + points(cards[2]!)) % 10;
    const banker = (points(cards[1]!) + points(cards[3]!)) % 10;
    if (player >= 8 || banker >= 8) return cards;
    let playerThird: number | null = null;
    if (player <= 5) {
      cards.push(draw());
      playerThird = points(cards[4]!);
    }
    if (bankerDraws(banker, playerThird)) cards.push(draw());
    return cards;
  };
  const rounds: string[][] = [];
  const cut = shoe.length - 14;
  while (next < cut) rounds.push(round());
  rounds.push(round());
  return { burn, rounds };
}

/** The reveal against its commitment, and, given the dice rolled, the dice against the seed. */
export async function checkReveal(reveal: Reveal, rolled?: readonly number[] | null): Promise<Check> {
  const committed = await checkCommitment(reveal);
  if (committed) return committed;
  if (!rolled) return { ok: true, text: t('verify.matches') };
  const drawn = await diceOf(reveal.seed);
  return drawn.join(' ') === rolled.join(' ')
    ? { ok: true, text: t('verify.matchesDice', { dice: drawn.join(' + ') }) }
    : { ok: false, text: t('verify.otherDice', { dice: drawn.join(' + '), rolled: rolled.join(' + ') }) };
}

/** The seed and salt against the commitment: a failed check, or undefined when they match. */
async function checkCommitment(reveal: Reveal): Promise<Check | undefined> {
  if (!/^[0-9a-f]{64}$/.test(reveal.seed) || !/^[0-9a-f]{32}$/.test(reveal.salt)) {
    return { ok: false, text: t('verify.badForm') };
  }
  const computed = await commitmentOf(reveal.seed, reveal.salt);
  return computed === reveal.commitment ? undefined : { ok: false, text: t('verify.otherHash', { computed }) };
}

/** A deal of a shoe as the API lists it (BaccaratTable.deals). */
export interface ShoeDeal {
  readonly sequence: number;
  readonly shoePosition: number | null;
  readonly cards: readonly string[];
  readonly fairness: {
    readonly commitment: string;
    readonly seed: string | null;
    readonly salt: string | null;
    readonly burn?: readonly string[] | null;
  } | null;
}

/**
 * A shoe's reveal (the table's last) against every deal of the shoe: each must show that very
 * commitment, seed and salt, and the same burn; then the burn and every round, in order, against
 * what the seed deals at a table of `decks` decks, and the shoe dealt whole. Names the deal that
 * does not hold.
 */
export async function checkShoe(reveal: Reveal, decks: number, deals: readonly ShoeDeal[]): Promise<Check> {
  const committed = await checkCommitment(reveal);
  if (committed) return committed;
  const ordered = [...deals].sort((a, b) => a.sequence - b.sequence);
  const first = ordered[0];
  if (!first) return { ok: false, text: t('verify.noDeal') };
  const burnOf = (deal: ShoeDeal) => deal.fairness?.burn?.join(' ') ?? null;
  for (const deal of ordered) {
    const shown = deal.fairness;
    if (!shown) return { ok: false, text: t('verify.noCommitment', { sequence: deal.sequence }) };
    if (shown.commitment !== reveal.commitment)
      return { ok: false, text: t('verify.otherCommitment', { sequence: deal.sequence, commitment: shown.commitment }) };
    if (shown.seed !== reveal.seed || shown.salt !== reveal.salt) {
      const text =
        shown.seed === null
          ? t('verify.noSeed', { sequence: deal.sequence })
          : shown.seed !== reveal.seed
            ? t('verify.otherSeed', { sequence: deal.sequence, seed: shown.seed })
            : t('verify.otherSalt', { sequence: deal.sequence, salt: shown.salt ?? 'none' });
      return { ok: false, text };
    }
    if (burnOf(deal) !== burnOf(first))
      return { ok: false, text: t('verify.otherBurn', { sequence: deal.sequence, first: first.sequence }) };
  }
  if (ordered.some((deal, index) => deal.shoePosition !== index + 1)) return { ok: false, text: t('verify.numbering') };
  const burned = burnOf(first);
  if (burned === null) return { ok: false, text: t('verify.noBurn') };
  const dealt = dealtShoe(await shoeOf(reveal.seed, decks));
  if (dealt.burn.join(' ') !== burned) return { ok: false, text: t('verify.wrongBurn', { expected: dealt.burn.join(' '), burned }) };
  for (const [index, deal] of ordered.entries()) {
    const expected = dealt.rounds[index];
    if (!expected) return { ok: false, text: t('verify.roundCount', { expected: dealt.rounds.length, dealt: ordered.length }) };
    if (expected.join(' ') !== deal.cards.join(' '))
      return {
        ok: false,
        text: t('verify.wrongRound', {
          round: index + 1,
          sequence: deal.sequence,
          expected: expected.join(' '),
          dealt: deal.cards.join(' '),
        }),
      };
  }
  if (ordered.length !== dealt.rounds.length)
    return { ok: false, text: t('verify.roundCount', { expected: dealt.rounds.length, dealt: ordered.length }) };
  return {
    ok: true,
    text: t('verify.shoeMatches', { burned, count: ordered.length }),
  };
}
