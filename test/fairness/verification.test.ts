/** The checks anyone can make once a table reveals a seed (functions/fairness/verification.ts): they pass on what the seed dealt, and fail on anything else, saying what. */
import { describe, expect, it } from 'vitest';
import { newServerSeed } from '../../functions/fairness/fair-random';
import { fairDice } from '../../functions/fairness/fair-dealing';
import { dealtShoeOf } from '../../functions/fairness/rng-shoe';
import { verifyCommitment, verifyRoll, verifyShoe, verifyShoeReveals, type DealShown } from '../../functions/fairness/verification';
import { formatCard, parseCard } from '../../functions/rules/baccarat/cards';

describe('a reveal', () => {
  it('holds when its seed and salt are those committed to, and not with another seed, salt or commitment', () => {
    const reveal = newServerSeed();
    const other = newServerSeed();
    expect(verifyCommitment(reveal)).toEqual({ ok: true });
    expect(verifyCommitment({ ...reveal, seed: other.seed })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not the published commitment/),
    });
    expect(verifyCommitment({ ...reveal, salt: other.salt })).toMatchObject({ ok: false });
    expect(verifyCommitment({ ...reveal, commitment: other.commitment })).toMatchObject({ ok: false });
    expect(verifyCommitment({ ...reveal, seed: 'not hex' })).toMatchObject({ ok: false, problem: expect.stringMatching(/lowercase hex/) });
  });
});

describe("a craps round's dice", () => {
  it('hold when the seed draws them, and fail for any other roll', () => {
    const reveal = newServerSeed();
    const dice = fairDice(reveal.seed);
    expect(verifyRoll(reveal, dice)).toEqual({ ok: true });
    const tampered = [dice[0] === 6 ? 1 : dice[0] + 1, dice[1]];
    expect(verifyRoll(reveal, tampered)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/the seed draws .*, the table rolled/),
    });
    expect(verifyRoll({ ...reveal, seed: newServerSeed().seed }, dice)).toMatchObject({ ok: false });
  });
});

describe("a shoe's cards", () => {
  it('hold when the seed deals them (the whole shoe, or its first rounds), and fail for a card changed, a burn changed or a round too many', () => {
    const reveal = newServerSeed();
    const shoe = dealtShoeOf(reveal.seed, 8);
    expect(verifyShoe(reveal, 8, shoe)).toEqual({ ok: true });
    expect(verifyShoe(reveal, 8, { burn: shoe.burn, rounds: shoe.rounds.slice(0, 3) })).toEqual({ ok: true });

    const swapped = shoe.rounds.map((round) => [...round]);
    swapped[2]![0] = parseCard(swapped[2]![0]!.rank === 'K' ? 'QS' : 'KS');
    expect(verifyShoe(reveal, 8, { burn: shoe.burn, rounds: swapped })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^round 3 of the shoe: the seed deals/),
    });
    expect(verifyShoe(reveal, 8, { burn: shoe.burn.slice(1), rounds: shoe.rounds })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/burns/),
    });
    expect(verifyShoe(reveal, 8, { burn: shoe.burn, rounds: [...shoe.rounds, shoe.rounds[0]!] })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/rounds, the table dealt/),
    });
    // The same cards from another number of decks is another shoe.
    expect(verifyShoe(reveal, 6, shoe)).toMatchObject({ ok: false });
  });
});

describe("a shoe's reveal, as its deals show it", () => {
  const reveal = newServerSeed();
  const burn = dealtShoeOf(reveal.seed, 8).burn.map(formatCard);
  /** The shoe's 60 deals, from sequence 1 on, each showing `shown` (deal 40 `on40`, if given). */
  const dealsShowing = (shown: DealShown['fairness'], on40?: DealShown['fairness']): DealShown[] =>
    Array.from({ length: 60 }, (_, index) => ({ sequence: index + 1, fairness: index + 1 === 40 && on40 !== undefined ? on40 : shown }));
  const over = { commitment: reveal.commitment, seed: reveal.seed, salt: reveal.salt, burn };
  const inPlay = { commitment: reveal.commitment, seed: null, salt: null, burn: null };

  it('is the one every deal shows: the seed, salt and burn once the shoe is over, none while it is in play', () => {
    expect(verifyShoeReveals(dealsShowing(over), false)).toEqual({
      ok: true,
      commitment: reveal.commitment,
      reveal: { seed: reveal.seed, salt: reveal.salt, burn },
    });
    expect(verifyShoeReveals(dealsShowing(inPlay), true)).toEqual({ ok: true, commitment: reveal.commitment, reveal: null });
    // Over but never revealed: no reveal, for the caller to fail.
    expect(verifyShoeReveals(dealsShowing(inPlay), false)).toEqual({ ok: true, commitment: reveal.commitment, reveal: null });
  });

  it('fails naming the deal that shows another seed, salt, burn or commitment than the first, not the first alone', () => {
    const other = newServerSeed();
    expect(verifyShoeReveals(dealsShowing(over, { ...over, seed: other.seed }), false)).toEqual({
      ok: false,
      problem: `deal 40 shows seed ${other.seed.slice(0, 12)}…, deal 1 seed ${reveal.seed.slice(0, 12)}…`,
    });
    expect(verifyShoeReveals(dealsShowing(over, { ...over, salt: other.salt }), false)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^deal 40 shows salt /),
    });
    // Another first card than the shoe's own (a random seed's burn may start with either).
    const otherCard = burn[0] === 'KS' ? 'QH' : 'KS';
    expect(verifyShoeReveals(dealsShowing(over, { ...over, burn: [otherCard, ...burn.slice(1)] }), false)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(new RegExp(`^deal 40 shows burn ${otherCard}`)),
    });
    expect(verifyShoeReveals(dealsShowing(over, { ...over, burn: null }), false)).toMatchObject({
      ok: false,
      problem: `deal 40 shows no burn, deal 1 burn ${burn.join(' ')}`,
    });
    expect(verifyShoeReveals(dealsShowing(over, { ...over, commitment: other.commitment }), false)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^deal 40 names commitment /),
    });
    expect(verifyShoeReveals(dealsShowing(over, null), false)).toEqual({ ok: false, problem: 'deal 40 names no commitment' });
    // A seed shown on a later deal of a shoe that is over but was not revealed on its first.
    expect(verifyShoeReveals(dealsShowing(inPlay, over), false)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^deal 40 shows seed .*, deal 1 no seed$/),
    });
    // The deals are taken in their order at the table, whatever order they came in.
    expect(verifyShoeReveals(dealsShowing(over, { ...over, seed: other.seed }).reverse(), false)).toMatchObject({
      problem: expect.stringMatching(/^deal 40 shows seed/),
    });
  });

  it('fails naming the deal that shows a seed, salt or burn while the shoe is in play', () => {
    expect(verifyShoeReveals(dealsShowing(inPlay, over), true)).toEqual({
      ok: false,
      problem: 'deal 40 shows a seed while its shoe is in play',
    });
    expect(verifyShoeReveals(dealsShowing(inPlay, { ...inPlay, burn }), true)).toEqual({
      ok: false,
      problem: 'deal 40 shows a burn while its shoe is in play',
    });
    // Every deal showing it is no better.
    expect(verifyShoeReveals(dealsShowing(over), true)).toEqual({ ok: false, problem: 'deal 1 shows a seed while its shoe is in play' });
  });
});
