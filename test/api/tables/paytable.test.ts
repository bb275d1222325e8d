/**
 * A table's paytable, from the API alone: every bet it offers with its prize, limits, whether it
 * works on the come-out, and its exact chances and house edge for that table's own options; the
 * jackpot's combinations with their exact chances and prize rules. The figures are the rules
 * layer's exact reports, and reproduce the published ones.
 */
import { describe, expect, it } from 'vitest';
import { dealer } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { crapsReport, makeCrapsOptions, type CrapsOptionsInput } from '../../../functions/rules/craps';
import { baccaratReport } from '../../../functions/rules/baccarat';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';

const api = useTestApi();

const OPERATOR = dealer('paytable-operator');
const PAYTABLE = `query ($t: ID!) {
  table(id: $t) {
    paytable {
      bets {
        type number pays minimum maximum worksOnComeOut
        win { numerator denominator decimal } lose { numerator denominator } push { numerator denominator }
        houseEdge { numerator denominator decimal }
      }
      jackpot { combination probability { numerator denominator } prize fixedAmount poolShareBasisPoints }
    }
  }
}`;

interface Exact {
  readonly numerator: string;
  readonly denominator: string;
  readonly decimal?: string;
}
interface Bet {
  type: string;
  number: number | null;
  pays: string;
  minimum: number;
  maximum: number;
  worksOnComeOut: boolean | null;
  win: Exact | null;
  houseEdge: Exact | null;
}

const fraction = (exact: Exact | null) => (exact ? `${exact.numerator}/${exact.denominator}` : null);
const asText = (f: { num: bigint; den: bigint }) => `${f.num}/${f.den}`;

async function paytableOf(input: Record<string, unknown>) {
  const { openTable } = await api.data(
    OPERATOR,
    `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`,
    { input: { minimumBet: 100, maximumBet: 10_000, betShards: 4, ...input } },
  );
  return (await api.data(OPERATOR, PAYTABLE, { t: openTable.table.id })).table.paytable as { bets: Bet[]; jackpot: any[] | null };
}

describe('a craps paytable', () => {
  it('reproduces the published house edges, in lowest terms, with a decimal', async () => {
    const { bets, jackpot } = await paytableOf({ game: 'CRAPS' });
    expect(jackpot).toBeNull();
    const edge = (type: string, number: number | null = null) =>
      fraction(bets.find((bet) => bet.type === type && bet.number === number)!.houseEdge);
    expect(edge('PASS_LINE')).toBe('7/495');
    expect(edge('DONT_PASS')).toBe('3/220');
    expect(edge('FIELD')).toBe('1/18');
    expect(edge('PASS_ODDS', 4)).toBe('0/1');
    expect(bets.find((bet) => bet.type === 'PASS_LINE')!.houseEdge!.decimal).toBe('0.014141414141414');
    expect(bets.find((bet) => bet.type === 'PASS_LINE')).toMatchObject({
      pays: '1:1',
      minimum: 100,
      maximum: 10_000,
      worksOnComeOut: true,
    });
  });

  it.each<[Record<string, unknown>, Partial<CrapsOptionsInput>]>([
    [{}, {}],
    [
      { craps: { field12Pays: 3, comeOddsWorkingOnComeOut: true, bigNumbersWorkingOnComeOut: false, hardwaysWorkingOnComeOut: false } },
      { field12Pays: 3 as const, comeOddsWorkingOnComeOut: true, bigNumbersWorkingOnComeOut: false, hardwaysWorkingOnComeOut: false },
    ],
  ])('gives every bet of the exact report for the table’s options %j', async (input, options) => {
    const { bets } = await paytableOf({ game: 'CRAPS', ...input, betLimits: [{ type: 'HARD_6', maximum: 2_000 }] });
    const report = crapsReport(makeCrapsOptions(options));
    expect(bets.map((bet) => [bet.type, bet.number, bet.pays, fraction(bet.win), fraction(bet.houseEdge)])).toEqual(
      report.bets.map((entry) => [entry.type, entry.number, entry.pays, asText(entry.win), asText(entry.houseEdge)]),
    );
    const hard6 = bets.find((bet) => bet.type === 'HARD_6')!;
    expect(hard6).toMatchObject({ maximum: 2_000, worksOnComeOut: options.hardwaysWorkingOnComeOut ?? true });
    expect(bets.find((bet) => bet.type === 'COME_ODDS')!.worksOnComeOut).toBe(options.comeOddsWorkingOnComeOut ?? false);
    expect(bets.find((bet) => bet.type === 'PASS_ODDS')!.worksOnComeOut).toBeNull();
    // Field 12 at 3:1 halves the Field's edge (published: 1/36).
    if (options.field12Pays === 3) expect(fraction(bets.find((bet) => bet.type === 'FIELD')!.houseEdge)).toBe('1/36');
  });
});

describe('a baccarat paytable', () => {
  it('reproduces the published 8-deck edges, by the table’s commission option and decks', async () => {
    const standard = await paytableOf({ game: 'BACCARAT' });
    const edge = (bets: Bet[], type: string) => bets.find((bet) => bet.type === type)!.houseEdge!.decimal!;
    // Published: Banker 1.0579%, Player 1.2351%, Tie 14.3596%.
    expect(Number(edge(standard.bets, 'BANKER')).toFixed(6)).toBe('0.010579');
    expect(Number(edge(standard.bets, 'PLAYER')).toFixed(6)).toBe('0.012351');
    expect(Number(edge(standard.bets, 'TIE')).toFixed(6)).toBe('0.143596');
    expect(standard.bets.find((bet) => bet.type === 'BANKER')!.pays).toBe('1:1 less 5% commission');
    expect(standard.bets.map((bet) => bet.type)).not.toContain('JACKPOT');

    for (const [decks, commission] of [
      [6, 'SIX_PAYS_HALF'],
      [8, 'DRAGON_PUSH'],
    ] as const) {
      const { bets } = await paytableOf({ game: 'BACCARAT', baccarat: { decks, commission } });
      const report = baccaratReport({ decks, commission, jackpot: false });
      for (const figures of report.bets) {
        const bet = bets.find((candidate) => candidate.type === figures.bet)!;
        expect([figures.bet, fraction(bet.win), fraction(bet.houseEdge)]).toEqual([
          figures.bet,
          asText(figures.win),
          asText(figures.houseEdge),
        ]);
      }
    }
  });

  it("lists the jackpot's combinations of its modality, with exact chances and the pool's prizes", async () => {
    const { openJackpotPool } = await api.data(
      OPERATOR,
      `mutation ($p: OpenJackpotPoolInput!) { openJackpotPool(input: $p) { jackpotPool { id } userErrors { code message } } }`,
      {
        p: {
          currency: 'MOP',
          seed: 100_000,
          modality: 'A',
          fixedAmounts: MODALITY_A_FIXED_AMOUNTS,
        },
      },
    );
    const { bets, jackpot } = await paytableOf({
      game: 'BACCARAT',
      baccarat: { jackpot: { poolId: openJackpotPool.jackpotPool.id, contributionBasisPoints: 2_500 } },
    });
    const report = baccaratReport({ decks: 8 });
    expect(jackpot!.map((entry) => [entry.combination, fraction(entry.probability)])).toEqual(
      report.jackpot!.A.map((entry) => [entry.combination, asText(entry.probability)]),
    );
    expect(jackpot![0]).toMatchObject({ combination: 'ROYAL_FLUSH', prize: 'WHOLE_POOL', fixedAmount: null, poolShareBasisPoints: null });
    expect(jackpot!.find((entry) => entry.combination === 'PARADISE_STRAIGHT')).toMatchObject({
      prize: 'HIGHER_OF_FIXED_AND_POOL_SHARE',
      fixedAmount: 50_000,
      poolShareBasisPoints: 1000,
    });
    expect(jackpot!.find((entry) => entry.combination === 'SINGLE_PAIR')).toMatchObject({ prize: 'FIXED', fixedAmount: 1_000 });
    expect(bets.find((bet) => bet.type === 'JACKPOT')).toMatchObject({ win: null, houseEdge: null, worksOnComeOut: null });
  });
});
