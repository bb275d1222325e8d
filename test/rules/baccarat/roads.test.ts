import { describe, expect, it } from 'vitest';
import {
  shoeRoads,
  type DerivedRoadCell,
  type RoadColour,
  type RoadPosition,
  type RoadResult,
  type ShoeRoads,
} from '../../../functions/rules/baccarat/roads';
import type { Winner } from '../../../functions/rules/baccarat/types';

/**
 * A shoe written hand by hand: B, P or T for the winner, followed by p for a Player pair, b for a
 * Banker pair, n for a natural. `shoe('B Pp Tbn')`.
 */
function shoe(hands: string): RoadResult[] {
  const winners: Record<string, Winner> = { B: 'BANKER', P: 'PLAYER', T: 'TIE' };
  return hands
    .trim()
    .split(/\s+/)
    .map((hand) => {
      const winner = winners[hand[0] ?? ''];
      if (winner === undefined) throw new Error(`not a hand: ${hand}`);
      return { winner, playerPair: hand.includes('p'), bankerPair: hand.includes('b'), natural: hand.includes('n') };
    });
}

/** A shoe of Banker and Player streaks of these lengths, Banker first, no ties or pairs. */
function streaks(...lengths: number[]): RoadResult[] {
  return lengths.flatMap((length, index) =>
    Array.from({ length }, (): RoadResult => ({ winner: index % 2 === 0 ? 'BANKER' : 'PLAYER', playerPair: false, bankerPair: false })),
  );
}

/** A derived road's colours in order, as R and B. */
function coloursOf(road: readonly DerivedRoadCell[]): string {
  return road.map((cell) => cell.colour[0]).join('');
}

function positionsOf(cells: readonly { column: number; row: number }[]): Array<[number, number]> {
  return cells.map((cell) => [cell.column, cell.row]);
}

const DERIVED_ROADS = [
  { name: 'big eye boy', offset: 1, of: (roads: ShoeRoads) => roads.bigEyeBoy },
  { name: 'small road', offset: 2, of: (roads: ShoeRoads) => roads.smallRoad },
  { name: 'cockroach pig', offset: 3, of: (roads: ShoeRoads) => roads.cockroachPig },
] as const;

describe('the roads of a shoe', () => {
  describe('the bead plate', () => {
    it('records every hand in dealt order, ties included, down six rows and then on to the next column', () => {
      const plate = shoeRoads(shoe('B P T Bb Pp T B B')).beadPlate;
      expect(positionsOf(plate)).toEqual([
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
        [0, 5],
        [1, 0],
        [1, 1],
      ]);
      expect(plate.map((cell) => cell.winner)).toEqual(['BANKER', 'PLAYER', 'TIE', 'BANKER', 'PLAYER', 'TIE', 'BANKER', 'BANKER']);
      expect(plate[3]).toEqual({ column: 0, row: 3, winner: 'BANKER', playerPair: false, bankerPair: true });
      expect(plate[4]).toEqual({ column: 0, row: 4, winner: 'PLAYER', playerPair: true, bankerPair: false });
    });

    it('is empty before the first hand', () => {
      expect(shoeRoads([])).toEqual({
        beadPlate: [],
        bigRoad: [],
        bigEyeBoy: [],
        smallRoad: [],
        cockroachPig: [],
        counts: { banker: 0, player: 0, tie: 0, bankerPair: 0, playerPair: 0, natural: 0, hands: 0 },
      });
    });
  });

  describe('the big road', () => {
    it('starts a new column at each change of winner and goes down it while the winner repeats', () => {
      const road = shoeRoads(shoe('B B P B B B')).bigRoad;
      expect(road.map((cell) => [cell.winner, cell.column, cell.row, cell.logicalColumn, cell.logicalRow])).toEqual([
        ['BANKER', 0, 0, 0, 0],
        ['BANKER', 0, 1, 0, 1],
        ['PLAYER', 1, 0, 1, 0],
        ['BANKER', 2, 0, 2, 0],
        ['BANKER', 2, 1, 2, 1],
        ['BANKER', 2, 2, 2, 2],
      ]);
    });

    it('has no cell for a tie: it is counted on the cell before it, in the middle of a streak as at its end', () => {
      const road = shoeRoads(shoe('B T B T T B P')).bigRoad;
      expect(road.map((cell) => [cell.winner, cell.ties])).toEqual([
        ['BANKER', 1],
        ['BANKER', 2],
        ['BANKER', 0],
        ['PLAYER', 0],
      ]);
      // the ties do not break the streak
      expect(positionsOf(road)).toEqual([
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 0],
      ]);
    });

    it('counts ties dealt before the first Banker or Player win on the first cell, when it comes', () => {
      const road = shoeRoads(shoe('T T P T B')).bigRoad;
      expect(road.map((cell) => [cell.winner, cell.column, cell.row, cell.ties])).toEqual([
        ['PLAYER', 0, 0, 3],
        ['BANKER', 1, 0, 0],
      ]);
    });

    it('stays empty for a shoe of ties only, which the bead plate and the counts still show', () => {
      const roads = shoeRoads(shoe('T T'));
      expect(roads.bigRoad).toEqual([]);
      expect(roads.beadPlate).toHaveLength(2);
      expect(roads.counts.tie).toBe(2);
    });

    it("marks pairs on the hand's own cell, and a tie's pairs on the cell the tie is marked on", () => {
      const road = shoeRoads(shoe('Tp B Pb Tp P')).bigRoad;
      expect(road.map(({ winner, ties, playerPair, bankerPair }) => ({ winner, ties, playerPair, bankerPair }))).toEqual([
        // the leading tie's Player pair goes with it onto the first cell
        { winner: 'BANKER', ties: 1, playerPair: true, bankerPair: false },
        // its own Banker pair, and the Player pair of the tie after it
        { winner: 'PLAYER', ties: 1, playerPair: true, bankerPair: true },
        { winner: 'PLAYER', ties: 0, playerPair: false, bankerPair: false },
      ]);
    });

    it('turns a streak longer than six right along the bottom row (the dragon tail), the streak staying one logical column', () => {
      const road = shoeRoads(streaks(8, 1)).bigRoad;
      expect(positionsOf(road)).toEqual([
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
        [0, 5],
        [1, 5],
        [2, 5],
        // the next streak starts in the column after the previous one's first, above the tail
        [1, 0],
      ]);
      expect(road.slice(0, 8).map((cell) => [cell.logicalColumn, cell.logicalRow])).toEqual(
        [0, 1, 2, 3, 4, 5, 6, 7].map((row) => [0, row]),
      );
      expect(road[8]).toMatchObject({ winner: 'PLAYER', logicalColumn: 1, logicalRow: 0 });
    });

    it('turns a streak right early when the cell below is taken by an earlier tail, and keeps it on that row', () => {
      // Banker 8: column 0, then (1,5) and (2,5). Player 8: column 1 down to row 4, blocked by (1,5),
      // so it turns at row 4 and stays there even where row 5 is free again, at column 3 and beyond.
      const road = shoeRoads(streaks(8, 8, 1)).bigRoad;
      expect(positionsOf(road.filter((cell) => cell.logicalColumn === 1))).toEqual([
        [1, 0],
        [1, 1],
        [1, 2],
        [1, 3],
        [1, 4],
        [2, 4],
        [3, 4],
        [4, 4],
      ]);
      expect(road.at(-1)).toMatchObject({ winner: 'BANKER', column: 2, row: 0, logicalColumn: 2 });
    });

    it('starts a streak further right when the top of its column is taken by a tail along the top row', () => {
      // Each streak is blocked one row higher by the tail before it, until the sixth runs along row 0
      // through columns 5, 6 and 7; the seventh would start at column 6 and goes to column 8.
      const road = shoeRoads(streaks(7, 6, 5, 4, 3, 3, 1)).bigRoad;
      expect(positionsOf(road.filter((cell) => cell.logicalColumn === 4))).toEqual([
        [4, 0],
        [4, 1],
        [5, 1],
      ]);
      expect(positionsOf(road.filter((cell) => cell.logicalColumn === 5))).toEqual([
        [5, 0],
        [6, 0],
        [7, 0],
      ]);
      expect(positionsOf(road.filter((cell) => cell.logicalColumn === 6))).toEqual([[8, 0]]);
    });
  });

  describe('the derived roads', () => {
    for (const { name, offset, of } of DERIVED_ROADS) {
      const road = (results: RoadResult[]) => of(shoeRoads(results));
      it(`${name} (k = ${offset}) starts at column ${offset} row 1, the cell compared with the first column`, () => {
        const singles = Array.from({ length: offset }, () => 1);
        expect(road(streaks(...singles))).toEqual([]);
        expect(road(streaks(...singles, 1))).toHaveLength(0);
        // column k has a second row: that cell is the first entry, compared with column 0
        expect(road(streaks(...singles, 2))).toEqual([{ column: 0, row: 0, colour: 'BLUE' }]);
      });

      it(`${name} (k = ${offset}) starts at column ${offset + 1} row 0 when column ${offset} is a single cell`, () => {
        const singles = Array.from({ length: offset + 1 }, () => 1);
        expect(road(streaks(...singles))).toEqual([]);
        // columns k and 0 are both one long
        expect(road(streaks(...singles, 1))).toEqual([{ column: 0, row: 0, colour: 'RED' }]);
      });

      it(`${name} (k = ${offset}) compares against column 0, the shoe's first streak`, () => {
        const singles = Array.from({ length: offset - 1 }, () => 1);
        // at column k row 1: column 0 reaching row 1 is RED, column 0 stopping at row 1 is BLUE
        expect(coloursOf(road(streaks(2, ...singles, 2)))).toBe('R');
        expect(coloursOf(road(streaks(1, ...singles, 2)))).toBe('B');
        // at column k row 2: column 0 one long stopped two rows earlier, RED
        expect(coloursOf(road(streaks(1, ...singles, 3)))).toBe('BR');
        // at column k+1 row 0: column k against column 0
        expect(coloursOf(road(streaks(1, ...singles, 1, 1)))).toBe('R');
        expect(coloursOf(road(streaks(2, ...singles, 1, 1)))).toBe('B');
      });
    }

    it('stay empty while the big road is a single streak, however long', () => {
      const roads = shoeRoads(streaks(9));
      expect([roads.bigEyeBoy, roads.smallRoad, roads.cockroachPig]).toEqual([[], [], []]);
    });

    /**
     * The worked example. Shoe: B | P P | B T B | P P P | B | P | B B (the tie is marked on a cell
     * and plays no part). Logical columns, with their lengths:
     *
     *   column   0  1  2  3  4  5  6
     *   winner   B  P  B  P  B  P  B
     *   length   1  2  2  3  1  1  2
     *
     * Big eye boy (k = 1): column 1 has a second row, so it starts at (1,1).
     *   (1,1) column 0 is 1 long: row 1 is where it stopped         BLUE
     *   (2,0) columns 1 and 0: 2 and 1                              BLUE
     *   (2,1) column 1 reaches row 1                                RED
     *   (3,0) columns 2 and 1: 2 and 2                              RED
     *   (3,1) column 2 reaches row 1                                RED
     *   (3,2) column 2 is 2 long: row 2 is where it stopped         BLUE
     *   (4,0) columns 3 and 2: 3 and 2                              BLUE
     *   (5,0) columns 4 and 3: 1 and 3                              BLUE
     *   (6,0) columns 5 and 4: 1 and 1                              RED
     *   (6,1) column 5 is 1 long: row 1 is where it stopped         BLUE
     *   BB RRR BBB R B: runs of 2, 3, 3, 1, 1, drawn in columns 0 to 4.
     *
     * Small road (k = 2): column 2 has a second row, so it starts at (2,1).
     *   (2,1) column 0 is 1 long: row 1 is where it stopped         BLUE
     *   (3,0) columns 2 and 0: 2 and 1                              BLUE
     *   (3,1) column 1 reaches row 1                                RED
     *   (3,2) column 1 is 2 long: row 2 is where it stopped         BLUE
     *   (4,0) columns 3 and 1: 3 and 2                              BLUE
     *   (5,0) columns 4 and 2: 1 and 2                              BLUE
     *   (6,0) columns 5 and 3: 1 and 3                              BLUE
     *   (6,1) column 4 is 1 long: row 1 is where it stopped         BLUE
     *   BB R BBBBB: runs of 2, 1, 5.
     *
     * Cockroach pig (k = 3): column 3 has a second row, so it starts at (3,1).
     *   (3,1) column 0 is 1 long: row 1 is where it stopped         BLUE
     *   (3,2) column 0 stopped at row 1, two rows earlier           RED
     *   (4,0) columns 3 and 0: 3 and 1                              BLUE
     *   (5,0) columns 4 and 1: 1 and 2                              BLUE
     *   (6,0) columns 5 and 2: 1 and 2                              BLUE
     *   (6,1) column 3 reaches row 1                                RED
     *   B R BBB R: runs of 1, 1, 3, 1.
     */
    describe('on the worked example', () => {
      const roads = shoeRoads(shoe('B P P B T B P P P B P B B'));

      it('has the big road the example starts from', () => {
        expect(roads.bigRoad.map((cell) => [cell.logicalColumn, cell.logicalRow])).toEqual([
          [0, 0],
          [1, 0],
          [1, 1],
          [2, 0],
          [2, 1],
          [3, 0],
          [3, 1],
          [3, 2],
          [4, 0],
          [5, 0],
          [6, 0],
          [6, 1],
        ]);
      });

      it('draws the big eye boy BB RRR BBB R B', () => {
        expect(coloursOf(roads.bigEyeBoy)).toBe('BBRRRBBBRB');
        expect(positionsOf(roads.bigEyeBoy)).toEqual([
          [0, 0],
          [0, 1],
          [1, 0],
          [1, 1],
          [1, 2],
          [2, 0],
          [2, 1],
          [2, 2],
          [3, 0],
          [4, 0],
        ]);
      });

      it('draws the small road BB R BBBBB', () => {
        expect(coloursOf(roads.smallRoad)).toBe('BBRBBBBB');
        expect(positionsOf(roads.smallRoad)).toEqual([
          [0, 0],
          [0, 1],
          [1, 0],
          [2, 0],
          [2, 1],
          [2, 2],
          [2, 3],
          [2, 4],
        ]);
      });

      it('draws the cockroach pig B R BBB R', () => {
        expect(coloursOf(roads.cockroachPig)).toBe('BRBBBR');
        expect(positionsOf(roads.cockroachPig)).toEqual([
          [0, 0],
          [1, 0],
          [2, 0],
          [2, 1],
          [2, 2],
          [3, 0],
        ]);
      });
    });

    it("draw a run longer than six with the big road's dragon tail", () => {
      // a chop (streaks of one) is as regular as it gets: every new column is RED
      const bigEyeBoy = shoeRoads(streaks(...Array.from({ length: 10 }, () => 1))).bigEyeBoy;
      expect(coloursOf(bigEyeBoy)).toBe('RRRRRRRR');
      expect(positionsOf(bigEyeBoy)).toEqual([
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
        [0, 5],
        [1, 5],
        [2, 5],
      ]);
    });

    it('read the logical big road, not the drawn one: a streak of seven is seven long although six rows show', () => {
      // Columns 7 and 7: rows 1 to 6 of column 1 all find column 0 reaching them, row 6 included.
      expect(coloursOf(shoeRoads(streaks(7, 7)).bigEyeBoy)).toBe('RRRRRR');
      // Columns 6 and 7: at row 6 column 0 has stopped exactly there.
      expect(coloursOf(shoeRoads(streaks(6, 7)).bigEyeBoy)).toBe('RRRRRB');
      // A new column after them compares the two lengths, 7 and 7.
      expect(coloursOf(shoeRoads(streaks(7, 7, 1)).bigEyeBoy)).toBe('RRRRRRR');
    });
  });

  describe('on 300 pseudo-random shoes', () => {
    it('gives each derived road the colours an independent, naive reading of the logical big road gives', () => {
      for (const results of randomShoes(300)) {
        const roads = shoeRoads(results);
        for (const { offset, of } of DERIVED_ROADS) {
          expect(of(roads).map((cell) => cell.colour)).toEqual(naiveDerivedColours(results, offset));
        }
        expect(roads.bigRoad.map((cell) => cell.winner)).toEqual(
          results.map((result) => result.winner).filter((winner) => winner !== 'TIE'),
        );
      }
    });

    it('draws every road inside six rows, one cell per position, each streak going down or to the right', () => {
      const misdrawn: string[] = [];
      for (const [index, results] of randomShoes(300).entries()) {
        const roads = shoeRoads(results);
        const drawn = {
          bigRoad: streaksOf(roads.bigRoad, (cell) => cell.logicalColumn),
          ...Object.fromEntries(DERIVED_ROADS.map(({ name, of }) => [name, runsOf(of(roads))])),
        };
        for (const [road, streaks] of Object.entries(drawn)) {
          const fault = drawingFault(streaks);
          if (fault !== null) misdrawn.push(`shoe ${index}, ${road}: ${fault}`);
        }
        const tiesOnTheRoad = roads.bigRoad.reduce((sum, cell) => sum + cell.ties, 0);
        expect(tiesOnTheRoad).toBe(roads.bigRoad.length > 0 ? roads.counts.tie : 0);
      }
      expect(misdrawn).toEqual([]);
    });
  });

  describe('the counts', () => {
    it('count wins, ties, pairs, naturals and hands over the shoe', () => {
      expect(shoeRoads(shoe('Bn Pp Tbn B Bpb P Pn T')).counts).toEqual({
        banker: 3,
        player: 3,
        tie: 2,
        bankerPair: 2,
        playerPair: 2,
        natural: 3,
        hands: 8,
      });
    });
  });
});

/**
 * The derived road's colours recomputed another way, straight from the results: the logical big
 * road as a set of occupied (column, row) cells, the road's start as "the first cell at (k, 1) or
 * (k+1, 0)", a new column RED when column c-1-k ends on the same row as column c-1, and a cell
 * further down RED when column c-k is alike at this row and the one above (both taken or both empty).
 */
function naiveDerivedColours(results: readonly RoadResult[], k: number): RoadColour[] {
  const occupied = new Set<string>();
  const has = (column: number, row: number): boolean => occupied.has(`${column}:${row}`);
  const order: Array<[number, number]> = [];
  let column = -1;
  let row = 0;
  let previous: Winner | undefined;
  for (const { winner } of results) {
    if (winner === 'TIE') continue;
    if (winner === previous) row += 1;
    else [column, row] = [column + 1, 0];
    previous = winner;
    occupied.add(`${column}:${row}`);
    order.push([column, row]);
  }
  const lastRowOf = (c: number): number => {
    let r = 0;
    while (has(c, r + 1)) r += 1;
    return r;
  };
  const colours: RoadColour[] = [];
  let started = false;
  for (const [c, r] of order) {
    started ||= (c === k && r === 1) || (c === k + 1 && r === 0);
    if (!started) continue;
    if (r === 0) {
      const end = lastRowOf(c - 1);
      colours.push(has(c - 1 - k, end) && !has(c - 1 - k, end + 1) ? 'RED' : 'BLUE');
    } else {
      colours.push(has(c - k, r) === has(c - k, r - 1) ? 'RED' : 'BLUE');
    }
  }
  return colours;
}

/** What is wrong with a drawing of these streaks, or null: the checks hold whatever the layout rule. */
function drawingFault(streaks: readonly (readonly RoadPosition[])[]): string | null {
  const taken = new Set<string>();
  for (const [index, streak] of streaks.entries()) {
    if (streak[0]?.row !== 0) return `streak ${index} does not start on the top row`;
    for (const [place, cell] of streak.entries()) {
      const key = `${cell.column}:${cell.row}`;
      if (cell.row >= 6) return `streak ${index} goes past the sixth row at ${key}`;
      if (taken.has(key)) return `streak ${index} is drawn over ${key}`;
      taken.add(key);
      const before = streak[place - 1];
      if (before === undefined) continue;
      const down = cell.column === before.column && cell.row === before.row + 1;
      const right = cell.column === before.column + 1 && cell.row === before.row;
      if (!down && !right) return `streak ${index} jumps to ${key}`;
    }
  }
  return null;
}

/** A derived road's runs of one colour, each of which is drawn as a streak. */
function runsOf(road: readonly DerivedRoadCell[]): DerivedRoadCell[][] {
  const runs: DerivedRoadCell[][] = [];
  for (const cell of road) {
    const run = runs.at(-1);
    if (run !== undefined && run[0]?.colour === cell.colour) run.push(cell);
    else runs.push([cell]);
  }
  return runs;
}

function streaksOf<Cell>(cells: readonly Cell[], streakOf: (cell: Cell) => number): Cell[][] {
  const streaks: Cell[][] = [];
  for (const cell of cells) (streaks[streakOf(cell)] ??= []).push(cell);
  return streaks;
}

/**
 * Shoes of 30 to 90 hands from a linear congruential generator (the same shoes on every run). Each
 * shoe has its own streakiness, so that long streaks and dragon tails turn up as well as chops.
 */
function randomShoes(count: number): RoadResult[][] {
  let state = 0x2009;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const hands = 30 + Math.floor(next() * 61);
    const streakiness = next() * 0.8;
    const results: RoadResult[] = [];
    let last: Winner = 'BANKER';
    for (let hand = 0; hand < hands; hand += 1) {
      const draw = next();
      const winner: Winner = draw < 0.09 ? 'TIE' : next() < streakiness ? last : draw < 0.545 ? 'BANKER' : 'PLAYER';
      if (winner !== 'TIE') last = winner;
      results.push({ winner, playerPair: next() < 0.07, bankerPair: next() < 0.07, natural: next() < 0.3 });
    }
    return results;
  });
}
