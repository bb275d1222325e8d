/**
 * The game registry: every game a table may play gives the services the same interface
 * (rules/game.ts), each registered once (rules/games.ts), and each game's implementation says
 * what its rules say.
 */
import { describe, expect, it } from 'vitest';
import { GAMES, GAME_NAMES, gameOf, isGameName } from '../../functions/rules/games';
import { LARGEST_CRAPS_RETURN, makeCrapsOptions, settleRoll, type CrapsBet, type Dice } from '../../functions/rules/craps';
import { LARGEST_BACCARAT_RETURN, makeBaccaratOptions, parseCard, resolveDeal, settleBet } from '../../functions/rules/baccarat';
import { RuleViolation } from '../../functions/rules/rule-violation';

describe('the registry', () => {
  it('registers craps and baccarat, each by the name a table records', () => {
    expect(GAME_NAMES).toEqual(['CRAPS', 'BACCARAT']);
    for (const name of GAME_NAMES) expect(gameOf(name)).toBe(GAMES[name]);
  });

  it('knows a registered game by its name, and nothing else', () => {
    expect(isGameName('CRAPS')).toBe(true);
    expect(isGameName('BACCARAT')).toBe(true);
    for (const other of ['ROULETTE', 'craps', '', 'toString', 'constructor', 7, null, undefined]) expect(isGameName(other)).toBe(false);
  });
});

describe.each(GAME_NAMES)('every game: %s', (name) => {
  const game = gameOf(name);
  const options = game.makeOptions({});

  it('names each of its bet types once', () => {
    expect(game.betTypes.length).toBeGreaterThan(0);
    expect(new Set(game.betTypes).size).toBe(game.betTypes.length);
  });

  it("gives every bet type limits under the table's default options", () => {
    const limits: Readonly<Record<string, unknown>> = options.limits;
    for (const type of game.betTypes) expect(limits[type]).toEqual({ minimum: expect.any(Number), maximum: expect.any(Number) });
  });

  it('pays by a paytable of its own bet types only', async () => {
    const types = new Set<string>(game.betTypes);
    const { entries } = await game.paytable(options);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(types.has(entry.type)).toBe(true);
  });

  it('opens a table with nothing recorded, and counts a voided outcome without changing anything else', () => {
    const state = game.initialState();
    expect(game.outcomeCount(state)).toBe(0);
    const after = game.withOutcomeCount(state, 1);
    expect(game.outcomeCount(after)).toBe(1);
    expect(game.withOutcomeCount(after, 0)).toEqual(state);
  });

  it('has seats numbered from 1 and returns at most a bounded multiple of a stake', () => {
    expect(Number.isInteger(game.seats) && game.seats > 0).toBe(true);
    expect(Number.isInteger(game.largestReturnPerUnit) && game.largestReturnPerUnit > 1).toBe(true);
  });

  it('decides no bet when there is none on the layout', () => {
    const pending =
      game.outcomeKind === 'ROLL'
        ? { kind: 'ROLL' as const, dice: [3, 4] as Dice, stateBefore: gameOf('CRAPS').initialState() }
        : { kind: 'DEAL' as const, cards: ['2S', '3H', '4D', '5C'] };
    expect(game.pendingDecisions(options as never, pending as never, [])).toEqual([]);
  });
});

describe('craps', () => {
  const craps = gameOf('CRAPS');
  const options = makeCrapsOptions({ minimum: 100, maximum: 100_000 });

  it('seats 20 around the table (the dice pass in seat order, art. 2.3) and returns at most its largest payout plus the stake', () => {
    expect(craps.seats).toBe(20);
    expect(craps.largestReturnPerUnit).toBe(LARGEST_CRAPS_RETURN);
    expect(craps.backsBets).toBe(true);
    expect(craps.outcomeKind).toBe('ROLL');
  });

  it('decides a pending roll as settleRoll does, leaving out the bets that stay up', () => {
    const state = { ...craps.initialState(), phase: 'POINT' as const, point: 6 as const, rollCount: 3 };
    const bets: CrapsBet[] = [
      { id: 'b1', playerId: 'ana', type: 'PASS_LINE', amount: 500 },
      { id: 'b2', playerId: 'bo', type: 'HARD_8', amount: 100 },
      { id: 'b3', playerId: 'bo', type: 'FIELD', amount: 200 },
    ];
    const settled = settleRoll(state, options, bets, { kind: 'DICE', dice: [3, 3] });
    const decisions = craps.pendingDecisions(options, { kind: 'ROLL', dice: [3, 3], stateBefore: state }, bets);
    expect(decisions.map((decision) => decision.bet.id)).toEqual(['b1', 'b3']);
    expect(decisions[0]).toEqual({ bet: bets[0], resolution: settled.resolutions[0], returned: 500 + 500 });
    expect(decisions[1]).toEqual({ bet: bets[2], resolution: { outcome: 'LOSE' }, returned: 0 });
  });

  it('decides nothing on a void roll', () => {
    const bets: CrapsBet[] = [{ id: 'b1', playerId: 'ana', type: 'FIELD', amount: 500 }];
    expect(craps.pendingDecisions(options, { kind: 'ROLL', dice: null, stateBefore: craps.initialState() }, bets)).toEqual([]);
  });

  it('lays odds at the number of the bet they back, and refuses what its rules refuse', () => {
    const state = { ...craps.initialState(), phase: 'POINT' as const, point: 8 as const, rollCount: 1 };
    const line = { id: 'b1', playerId: 'ana', type: 'PASS_LINE', amount: 500 };
    const odds = { id: 'b2', playerId: 'ana', type: 'PASS_ODDS', amount: 500, baseBetId: 'b1' };
    expect(craps.validateBet(options, state, odds, [line])).toEqual({ ...odds, number: 8 });
    expect(() => craps.validateBet(options, state, { ...odds, id: 'b3' }, [])).toThrow(RuleViolation);
  });

  it('shows the shooter; a craps table has no shoe', () => {
    expect(craps.shooter({ ...craps.initialState(), shooter: 'ana' })).toBe('ana');
    expect(craps.shooter(craps.initialState())).toBeNull();
    expect(craps.shoeNumber(craps.initialState())).toBeNull();
  });
});

describe('baccarat', () => {
  const baccarat = gameOf('BACCARAT');
  const options = makeBaccaratOptions({});

  it('seats 14 (jackpot bets are for seated players, art. 13.3) and returns at most Dragon 7 plus the stake', () => {
    expect(baccarat.seats).toBe(14);
    expect(baccarat.largestReturnPerUnit).toBe(LARGEST_BACCARAT_RETURN);
    expect(baccarat.backsBets).toBe(false);
    expect(baccarat.outcomeKind).toBe('DEAL');
  });

  it('decides every bet on the layout with a pending deal, as settleBet does', () => {
    const cards = ['9S', '2H', 'KD', '3C']; // the Player's natural 9 against the Banker's 5
    const result = resolveDeal(cards.map(parseCard));
    const bets = [
      { id: 'b1', playerId: 'ana', type: 'PLAYER', amount: 1000 },
      { id: 'b2', playerId: 'bo', type: 'BANKER', amount: 1000 },
      { id: 'b3', playerId: 'bo', type: 'TIE', amount: 100 },
    ];
    const decisions = baccarat.pendingDecisions(options, { kind: 'DEAL', cards }, bets);
    expect(decisions.map((decision) => decision.bet)).toEqual(bets);
    for (const [index, decision] of decisions.entries()) {
      expect(decision.resolution).toEqual(settleBet(options, { type: bets[index]!.type as 'PLAYER', amount: 1000, seated: false }, result));
    }
    expect(decisions[0]).toMatchObject({ resolution: { outcome: 'WIN', winnings: 1000 }, returned: 2000 });
    expect(decisions[1]).toMatchObject({ resolution: { outcome: 'LOSE' }, returned: 0 });
  });

  it("judges a bet beside the player's other bets: a jackpot bet needs a main bet (art. 13.3)", () => {
    // The default options run a modality A jackpot.
    const jackpotOptions = options;
    const jackpot = { id: 'b2', playerId: 'ana', type: 'JACKPOT', amount: jackpotOptions.limits.JACKPOT.minimum, seat: 3 };
    const state = baccarat.initialState();
    expect(() => baccarat.validateBet(jackpotOptions, state, jackpot, [])).toThrow(RuleViolation);
    const main = { id: 'b1', playerId: 'ana', type: 'BANKER', amount: 1000, seat: 3 };
    expect(baccarat.validateBet(jackpotOptions, state, jackpot, [main])).toBe(jackpot);
  });

  it('shows the shoe in use (the first until a new one goes in); a baccarat table has no shooter', () => {
    expect(baccarat.shoeNumber(baccarat.initialState())).toBe(1);
    expect(baccarat.shoeNumber({ ...baccarat.initialState(), shoeNumber: 3 })).toBe(3);
    expect(baccarat.shooter(baccarat.initialState())).toBeNull();
  });
});
