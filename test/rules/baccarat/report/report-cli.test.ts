import { describe, expect, it } from 'vitest';
import { run } from '../../../../scripts/report-baccarat';

describe('npm run report -- baccarat', () => {
  it('prints the JSON report with big integers as strings and fractions as "n/d"', () => {
    const json = JSON.parse(run(['--decks', '8', '--commission', 'standard', '--format', 'json']));
    expect(json.game).toBe('baccarat');
    expect(json.options).toEqual({ decks: 8, commissions: ['STANDARD'] });
    expect(json.deals).toMatchObject({
      total: '4998398275503360',
      bankerWins: '2292252566437888',
      playerWins: '2230518282592256',
      ties: '475627426473216',
    });
    expect(json.bets.map((b: { bet: string }) => b.bet)).toEqual(['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR', 'DRAGON_7']);
    expect(json.bets[1]).toEqual({
      bet: 'BANKER',
      commission: 'STANDARD',
      win: '8954111587648/19524993263685',
      lose: '8712962041376/19524993263685',
      push: '619306544887/6508331087895',
      houseEdge: '114753351728/10847218479825',
    });
    expect(Object.keys(json.jackpot)).toEqual(['A', 'B', 'C']);
    expect(json.jackpot.A[0]).toEqual({ combination: 'ROYAL_FLUSH', count: '6464471040', probability: '4096/3167071089' });
  });

  it('reports every commission option when none is given', () => {
    const json = JSON.parse(run(['--format=json', '--decks=6']));
    expect(json.options).toEqual({ decks: 6, commissions: ['STANDARD', 'SIX_PAYS_HALF', 'DRAGON_PUSH'] });
    expect(json.bets).toHaveLength(18);
  });

  it('prints a readable table by default', () => {
    const text = run(['--commission', 'dragon-push']);
    expect(text).toMatch(/Baccarat, 8 decks/);
    expect(text).toMatch(/BANKER\s+DRAGON_PUSH/);
    expect(text).toMatch(/ROYAL_FLUSH/);
  });

  it('refuses bad options', () => {
    expect(() => run(['--decks', '5'])).toThrow(/6 to 12/);
    expect(() => run(['--commission', 'half'])).toThrow(/standard\|six-pays-half\|dragon-push/);
    expect(() => run(['--format', 'xml'])).toThrow(/json or table/);
    expect(() => run(['--seats', '7'])).toThrow(/unknown/);
    expect(() => run(['--decks'])).toThrow(/needs a value/);
  });
});
