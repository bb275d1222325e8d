/**
 * A roll's plan (services/rounds/outcome-plans.ts): the bets it decides or moves, and, for a
 * seamless wallet's players, the bets staked for this very roll that it leaves on the layout, so
 * that each of them ends the roll's round at the wallet with a credit (docs/WALLET.md).
 */
import { describe, expect, it } from 'vitest';
import { initialCrapsState, makeCrapsOptions } from '../../../functions/rules/craps';
import { awaitsStayMark, planRoll } from '../../../functions/services/rounds/outcome-plans';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import type { TableRecord } from '../../../functions/store/tables/table-records';

const options = makeCrapsOptions({ minimum: 100, maximum: 100_000 });
const SEQUENCE = 5;

const bet = (id: string, changes: Partial<BetRecord>): BetRecord => ({
  id,
  tableId: 't',
  playerId: 'p',
  type: 'PASS_LINE',
  amount: 100,
  status: 'OPEN',
  winnings: 0,
  returned: 0,
  round: SEQUENCE,
  placedAt: '2026-12-01T10:00:00.000Z',
  ...changes,
});

describe("a roll's plan", () => {
  const comeOut = { ...initialCrapsState(), rollCount: SEQUENCE - 1 };
  const onSix = { ...comeOut, phase: 'POINT' as const, point: 6 as const };

  it("keeps a seamless bet staked for this roll that stays, as STAYS closing its player's round, and no other bet that stays", () => {
    const bets = [
      bet('t.seamless-now', { playerId: 'x/a', seamless: true }),
      bet('t.seamless-earlier', { playerId: 'x/b', seamless: true, round: SEQUENCE - 1 }),
      bet('t.account-now', { playerId: 'c' }),
    ];
    const { plan } = planRoll(comeOut, options, bets, { kind: 'DICE', dice: [2, 4] }, SEQUENCE); // sets the point: all stay
    expect(plan).toEqual([
      {
        betId: 't.seamless-now',
        playerId: 'x/a',
        betType: 'PASS_LINE',
        resolution: { outcome: 'STAYS' },
        returned: 0,
        released: 0,
        seamless: true,
        closesRound: true,
      },
    ]);
  });

  it("marks a seamless come bet of this roll that moves as closing its player's round, not one of an earlier roll", () => {
    const bets = [
      bet('t.come-now', { playerId: 'x/a', seamless: true, type: 'COME' }),
      bet('t.come-earlier', { playerId: 'x/b', seamless: true, type: 'COME', round: SEQUENCE - 2 }),
      bet('t.come-account', { playerId: 'c', type: 'COME' }),
    ];
    const { plan } = planRoll(onSix, options, bets, { kind: 'DICE', dice: [4, 4] }, SEQUENCE); // 8: each come bet travels to 8
    expect(plan.map((entry) => [entry.betId, entry.resolution.outcome, entry.closesRound ?? false])).toEqual([
      ['t.come-now', 'MOVED', true],
      ['t.come-earlier', 'MOVED', false],
      ['t.come-account', 'MOVED', false],
    ]);
  });

  it('leaves a decided seamless bet as the rules decided it, its credit closing the round by itself', () => {
    const { plan } = planRoll(
      comeOut,
      options,
      [bet('t.won', { playerId: 'x/a', seamless: true })],
      { kind: 'DICE', dice: [3, 4] },
      SEQUENCE,
    );
    expect(plan).toEqual([expect.objectContaining({ betId: 't.won', resolution: { outcome: 'WIN', winnings: 100 }, returned: 200 })]);
    expect(plan[0]!.closesRound).toBeUndefined();
  });
});

describe('a seamless bet staked for the roll being paid, which the roll leaves on the layout', () => {
  const settling = (kind: 'ROLL' | 'VOID', sequence = SEQUENCE) =>
    ({
      settling: kind === 'ROLL' ? { sequence, kind, dice: [2, 2], stateBefore: initialCrapsState() } : { sequence, kind },
    }) as unknown as TableRecord;
  const staked = bet('t.big6', { playerId: 'x/a', seamless: true, type: 'BIG_6' });

  it('waits for the payment to mark it (it may not come down before), and no longer once marked', () => {
    expect(awaitsStayMark(settling('ROLL'), staked)).toBe(true);
    expect(awaitsStayMark(settling('ROLL'), { ...staked, lastOutcome: SEQUENCE })).toBe(false);
  });

  it('is no concern for a bet of an earlier roll, an account bet, a void, or a table paying nothing', () => {
    expect(awaitsStayMark(settling('ROLL'), { ...staked, round: SEQUENCE - 1 })).toBe(false);
    expect(awaitsStayMark(settling('ROLL'), { ...staked, seamless: undefined })).toBe(false);
    expect(awaitsStayMark(settling('VOID'), staked)).toBe(false);
    expect(awaitsStayMark({} as TableRecord, staked)).toBe(false);
  });
});
