/**
 * The table page's Verify (client/table-page/fairness-check.ts), written apart from the tables'
 * code with the browser's WebCrypto alone, as any verifier would: it computes what the tables'
 * generator computes (functions/fairness), and at baccarat it checks every deal of the shoe last
 * revealed, its burn and every card, naming the deal that does not hold.
 */
import { describe, expect, it } from 'vitest';
import { checkReveal, checkShoe, dealtShoe, diceOf, shoeOf, type ShoeDeal } from '../../client/table-page/fairness-check';
import { fairDice, fairShoe } from '../../functions/fairness/fair-dealing';
import { newServerSeed } from '../../functions/fairness/fair-random';
import { dealtShoeOf } from '../../functions/fairness/rng-shoe';
import { formatCard } from '../../functions/rules/baccarat/cards';

/** docs/FAIRNESS.md's second worked example: its shoe throws the fourth raw number away. */
const REDRAWN = '000000000000000000000000000000000000000000000000000000000004cb49';

describe("the page's generator", () => {
  it('draws the dice, shuffles the shoe and deals it as the tables do', async () => {
    for (const seed of [REDRAWN, ...Array.from({ length: 5 }, () => newServerSeed().seed)]) {
      expect(await diceOf(seed)).toEqual(fairDice(seed));
      for (const decks of [6, 8]) {
        const shoe = await shoeOf(seed, decks);
        expect(shoe).toEqual(fairShoe(seed, decks).map(formatCard));
        const dealt = dealtShoeOf(seed, decks);
        expect(dealtShoe(shoe)).toEqual({ burn: dealt.burn.map(formatCard), rounds: dealt.rounds.map((round) => round.map(formatCard)) });
      }
    }
  });
});

describe("the page's Verify at baccarat", () => {
  const reveal = newServerSeed();
  const dealt = dealtShoeOf(reveal.seed, 6);
  const burn = dealt.burn.map(formatCard);
  /** The shoe's deals as the API lists them, from sequence 1 on; `change` alters what one shows. */
  const deals = (change: (deal: ShoeDeal) => ShoeDeal = (deal) => deal): ShoeDeal[] =>
    dealt.rounds.map((round, index) =>
      change({
        sequence: index + 1,
        shoePosition: index + 1,
        cards: round.map(formatCard),
        fairness: { commitment: reveal.commitment, seed: reveal.seed, salt: reveal.salt, burn },
      }),
    );
  const at40 = (fairness: Partial<NonNullable<ShoeDeal['fairness']>>) => (deal: ShoeDeal) =>
    deal.sequence === 40 ? { ...deal, fairness: { ...deal.fairness!, ...fairness } } : deal;

  it('holds when every deal shows the reveal and the seed deals its burn and every card', async () => {
    const check = await checkShoe(reveal, 6, deals().reverse());
    expect(check).toEqual({
      ok: true,
      text: `The seed matches the commitment published before the bets; every deal of the shoe shows it, and it deals the burn (${burn.join(' ')}) and all ${dealt.rounds.length} rounds, card by card.`,
    });
  });

  it('fails naming the deal that shows another seed, or none, than the one revealed', async () => {
    const other = newServerSeed();
    expect(await checkShoe(reveal, 6, deals(at40({ seed: other.seed })))).toEqual({
      ok: false,
      text: `Deal 40 shows another seed, ${other.seed}: every deal of the shoe must show the seed revealed.`,
    });
    expect(await checkShoe(reveal, 6, deals(at40({ seed: null, salt: null })))).toMatchObject({
      ok: false,
      text: expect.stringMatching(/^Deal 40 shows no seed/),
    });
    expect(await checkShoe(reveal, 6, deals(at40({ salt: other.salt })))).toMatchObject({
      text: expect.stringMatching(/^Deal 40 shows another salt/),
    });
    expect(await checkShoe(reveal, 6, deals(at40({ commitment: other.commitment })))).toMatchObject({
      text: expect.stringMatching(/^Deal 40 names another commitment/),
    });
    expect(await checkShoe(reveal, 6, deals(at40({ burn: ['KS'] })))).toMatchObject({ text: 'Deal 40 shows another burn than deal 1.' });
  });

  it('checks the burn, every card and the whole shoe against the seed', async () => {
    const swapped = [burn[0] === 'KS' ? 'QS' : 'KS', ...burn.slice(1)];
    expect(
      await checkShoe(
        reveal,
        6,
        deals((deal) => ({ ...deal, fairness: { ...deal.fairness!, burn: swapped } })),
      ),
    ).toEqual({
      ok: false,
      text: `The seed burns ${burn.join(' ')}, but the table burned ${swapped.join(' ')}.`,
    });
    expect(
      await checkShoe(
        reveal,
        6,
        deals((deal) => ({ ...deal, fairness: { ...deal.fairness!, burn: null } })),
      ),
    ).toEqual({
      ok: false,
      text: 'The shoe’s burn was not published.',
    });
    const changed = deals((deal) =>
      deal.sequence === 7 ? { ...deal, cards: [deal.cards[0] === 'AS' ? 'KS' : 'AS', ...deal.cards.slice(1)] } : deal,
    );
    expect(await checkShoe(reveal, 6, changed)).toMatchObject({
      ok: false,
      text: expect.stringMatching(/^Round 7 of the shoe \(deal 7\): the seed deals/),
    });
    expect(await checkShoe(reveal, 6, deals().slice(0, -1))).toMatchObject({
      ok: false,
      text: `The seed deals ${dealt.rounds.length} rounds, but the table dealt ${dealt.rounds.length - 1}.`,
    });
    // The same cards from another number of decks are another shoe.
    expect((await checkShoe(reveal, 8, deals())).ok).toBe(false);
    expect(await checkShoe({ ...reveal, seed: newServerSeed().seed }, 6, deals())).toMatchObject({
      ok: false,
      text: expect.stringMatching(/not to the commitment published/),
    });
  });

  it('checks a roll as before: the seed against the commitment, and the dice against the seed', async () => {
    const roll = newServerSeed();
    const dice = fairDice(roll.seed);
    expect(await checkReveal(roll, dice)).toMatchObject({ ok: true, text: expect.stringMatching(/the dice rolled\.$/) });
    expect(await checkReveal(roll, [dice[0] === 6 ? 1 : dice[0] + 1, dice[1]])).toMatchObject({ ok: false });
  });
});
