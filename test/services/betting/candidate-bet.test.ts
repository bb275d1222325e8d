/**
 * The bet a request asks for, before the rules judge it (services/betting/candidate-bet.ts): pure,
 * no database.
 */
import { describe, expect, it } from 'vitest';
import { candidateBet } from '../../../functions/services/betting/candidate-bet';
import { gameOf } from '../../../functions/rules/games';
import type { TableRecord } from '../../../functions/store/tables/table-records';

const craps = gameOf('CRAPS');
const table = {
  id: 'tbl',
  game: 'CRAPS',
  options: craps.makeOptions({ minimum: 100, maximum: 10_000 }),
  state: craps.withOutcomeCount(craps.initialState(), 6),
} as TableRecord;

describe('a candidate bet', () => {
  it("is the caller's, open, for the round the table is on, at its key, placed now", () => {
    const bet = candidateBet(
      table,
      { playerId: 'p1/alice', roles: new Set() },
      { tableId: 'tbl', type: 'FIELD', amount: 500 },
      '03-abc',
      'now',
    );
    expect(bet).toEqual({
      id: 'tbl.03-abc',
      tableId: 'tbl',
      playerId: 'p1/alice',
      type: 'FIELD',
      amount: 500,
      number: null,
      baseBetId: null,
      seat: null,
      status: 'OPEN',
      winnings: 0,
      returned: 0,
      // Six outcomes recorded: bets placed now face the seventh.
      round: 7,
      placedAt: 'now',
    });
  });

  it('carries the bet it backs and the seat it is placed from, as asked', () => {
    const bet = candidateBet(
      table,
      { playerId: 'bob', roles: new Set() },
      { tableId: 'tbl', type: 'PASS_ODDS', amount: 200, baseBetId: 'tbl.01-x', seat: 4 },
      '01-y',
      'now',
    );
    expect(bet).toMatchObject({ baseBetId: 'tbl.01-x', seat: 4 });
  });
});
