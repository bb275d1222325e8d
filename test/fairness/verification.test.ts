/** The checks anyone can make once a table reveals a seed (functions/fairness/verification.ts): they pass on what the seed dealt, and fail on anything else, saying what. */
import { describe, expect, it } from 'vitest';
import { newServerSeed } from '../../functions/fairness/fair-random';
import { fairDice } from '../../functions/fairness/fair-dealing';
import { dealtShoeOf } from '../../functions/fairness/rng-shoe';
import { verifyCommitment, verifyRoll, verifyShoe } from '../../functions/fairness/verification';
import { parseCard } from '../../functions/rules/baccarat/cards';

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
