import type { Winner } from './types';

/**
 * The roads (scoreboards) a live-dealer front end draws for the current shoe: the bead plate, the
 * big road and the three roads derived from it. Pure: the caller passes the shoe's results in dealt
 * order and draws what comes back. Every grid has 6 rows; columns and rows count from 0.
 *
 * The big road keeps Banker and Player wins only, one column per streak. A tie is not a cell: it is
 * counted on the cell before it, and its pairs are marked there too, since that is the only cell a
 * reader can see it on. Ties dealt before the shoe's first Banker or Player win have no cell before
 * them, so they (and their pairs) go on the first cell when it comes; a shoe of ties only has an
 * empty big road (the bead plate and the counts still show them).
 *
 * Drawing (the "dragon tail"): a streak goes down its column; when the next row would be past the
 * sixth, or is already taken by an earlier streak's tail, it turns right and keeps to that row for
 * the rest of the streak. A new streak starts at the top of the column after the previous streak's
 * first one, further right if that top cell is taken. The same drawing is used for the derived
 * roads, whose streaks are runs of one colour.
 *
 * The derived roads (big eye boy k = 1, small road k = 2, cockroach pig k = 3) are read on the big
 * road's logical columns, the streaks as dealt whatever the drawing did with them, and ties play no
 * part. Each big-road cell at logical column c, row r adds one entry to a derived road, once that
 * road has started:
 * - r = 0, a new streak: RED when the two streaks before it, columns c-1 and c-1-k, are as long as
 *   each other; BLUE when they are not.
 * - r >= 1, a streak going on: look at column c-k. RED when it also reached row r; BLUE when row r is
 *   where it stopped (it is exactly r long: this cell is the first it has no partner for); RED when
 *   it stopped earlier still (it is shorter than r: there was nothing to be broken any more).
 * A road starts when there is something to compare: at column k row 1 (compared with column 0, the
 * shoe's first streak), or at column k+1 row 0 when column k is a single cell. So big eye boy starts
 * at column 1 row 1 or column 2 row 0, the small road at 2/1 or 3/0, the cockroach pig at 3/1 or 4/0.
 */

export const ROAD_ROWS = 6;

/** One result of the shoe, as the roads need it. */
export interface RoadResult {
  readonly winner: Winner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  /** Either hand had a natural; only counted. */
  readonly natural?: boolean;
}

export type BigRoadWinner = Exclude<Winner, 'TIE'>;

export type RoadColour = 'RED' | 'BLUE';

export interface RoadPosition {
  readonly column: number;
  readonly row: number;
}

export interface BeadPlateCell extends RoadPosition {
  readonly winner: Winner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export interface BigRoadCell extends RoadPosition {
  readonly winner: BigRoadWinner;
  /** The ties marked on this cell: those dealt after it, before the next Banker or Player win. */
  readonly ties: number;
  /** This hand's pairs, or those of a tie marked on it. */
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  /** The streak this cell belongs to, from 0, whatever column it is drawn in. */
  readonly logicalColumn: number;
  /** Its place in the streak, from 0 (may be 6 or more: the drawing turns, the streak does not). */
  readonly logicalRow: number;
}

export interface DerivedRoadCell extends RoadPosition {
  readonly colour: RoadColour;
}

export interface ShoeCounts {
  readonly banker: number;
  readonly player: number;
  readonly tie: number;
  readonly bankerPair: number;
  readonly playerPair: number;
  readonly natural: number;
  readonly hands: number;
}

export interface ShoeRoads {
  readonly beadPlate: readonly BeadPlateCell[];
  readonly bigRoad: readonly BigRoadCell[];
  readonly bigEyeBoy: readonly DerivedRoadCell[];
  readonly smallRoad: readonly DerivedRoadCell[];
  readonly cockroachPig: readonly DerivedRoadCell[];
  readonly counts: ShoeCounts;
}

/** Every road of the shoe from its results in dealt order. */
export function shoeRoads(results: readonly RoadResult[]): ShoeRoads {
  const streaks = bigRoadStreaks(results);
  const lengths = streaks.map((streak) => streak.length);
  return {
    beadPlate: beadPlate(results),
    bigRoad: drawBigRoad(streaks),
    bigEyeBoy: derivedRoad(lengths, 1),
    smallRoad: derivedRoad(lengths, 2),
    cockroachPig: derivedRoad(lengths, 3),
    counts: shoeCounts(results),
  };
}

/** The bead plate is the shoe as dealt, ties included, down each column and then on to the next. */
function beadPlate(results: readonly RoadResult[]): BeadPlateCell[] {
  return results.map(({ winner, playerPair, bankerPair }, index) => ({
    column: Math.floor(index / ROAD_ROWS),
    row: index % ROAD_ROWS,
    winner,
    playerPair,
    bankerPair,
  }));
}

interface StreakHand {
  winner: BigRoadWinner;
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

/** What ties leave on the cell they are marked on. */
interface TieMarks {
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

function markTie(marks: TieMarks, tie: RoadResult): void {
  marks.ties += 1;
  marks.playerPair ||= tie.playerPair;
  marks.bankerPair ||= tie.bankerPair;
}

/** The big road's logical columns: one per streak of Banker or Player wins, ties marked on the hand before them. */
function bigRoadStreaks(results: readonly RoadResult[]): StreakHand[][] {
  const streaks: StreakHand[][] = [];
  const beforeFirstHand: TieMarks = { ties: 0, playerPair: false, bankerPair: false };
  let lastHand: StreakHand | undefined;
  for (const result of results) {
    if (result.winner === 'TIE') {
      markTie(lastHand ?? beforeFirstHand, result);
      continue;
    }
    const hand: StreakHand = { winner: result.winner, ties: 0, playerPair: result.playerPair, bankerPair: result.bankerPair };
    if (lastHand === undefined) {
      hand.ties = beforeFirstHand.ties;
      hand.playerPair ||= beforeFirstHand.playerPair;
      hand.bankerPair ||= beforeFirstHand.bankerPair;
    }
    const streak = streaks.at(-1);
    if (streak !== undefined && lastHand?.winner === hand.winner) streak.push(hand);
    else streaks.push([hand]);
    lastHand = hand;
  }
  return streaks;
}

function drawBigRoad(streaks: readonly StreakHand[][]): BigRoadCell[] {
  return drawStreaks(streaks, (position, hand, logicalColumn, logicalRow) => ({ ...position, ...hand, logicalColumn, logicalRow }));
}

/**
 * Where each cell of consecutive streaks is drawn on a 6-row grid (see the top of the file). An
 * earlier streak's tail only ever lies below or to the left of a later streak, so the cell to the
 * right of a turned tail is always free; only the cell below and a streak's top need checking.
 */
function drawStreaks<Item, Cell>(
  streaks: readonly (readonly Item[])[],
  cellAt: (position: RoadPosition, item: Item, streak: number, place: number) => Cell,
): Cell[] {
  const taken = new Set<string>();
  const key = (column: number, row: number): string => `${column}:${row}`;
  const cells: Cell[] = [];
  let startColumn = -1;
  streaks.forEach((items, streak) => {
    startColumn += 1;
    while (taken.has(key(startColumn, 0))) startColumn += 1;
    let position: RoadPosition = { column: startColumn, row: 0 };
    let turned = false;
    items.forEach((item, place) => {
      if (place > 0) {
        turned ||= position.row + 1 >= ROAD_ROWS || taken.has(key(position.column, position.row + 1));
        position = turned ? { column: position.column + 1, row: position.row } : { column: position.column, row: position.row + 1 };
      }
      taken.add(key(position.column, position.row));
      cells.push(cellAt(position, item, streak, place));
    });
  });
  return cells;
}

/** A derived road for offset k, from the big road's streak lengths, drawn like the big road. */
function derivedRoad(streakLengths: readonly number[], offset: number): DerivedRoadCell[] {
  return drawStreaks(runsOf(derivedColours(streakLengths, offset)), (position, colour) => ({ ...position, colour }));
}

/** One colour per big-road cell, in dealt order, from the cell the road starts at. */
function derivedColours(streakLengths: readonly number[], offset: number): RoadColour[] {
  const colours: RoadColour[] = [];
  streakLengths.forEach((length, column) => {
    for (let row = 0; row < length; row += 1) {
      const colour = derivedColour(streakLengths, column, row, offset);
      if (colour !== null) colours.push(colour);
    }
  });
  return colours;
}

/** The entry the big-road cell at logical (column, row) adds to the road of offset k, or null before it starts. */
function derivedColour(streakLengths: readonly number[], column: number, row: number, offset: number): RoadColour | null {
  const lengthOf = (streak: number): number => streakLengths[streak] ?? 0;
  if (row === 0) {
    // A new streak needs two finished ones to set side by side: c-1 and c-1-k.
    if (column < offset + 1) return null;
    return lengthOf(column - 1) === lengthOf(column - 1 - offset) ? 'RED' : 'BLUE';
  }
  if (column < offset) return null;
  // Only "column c-k stopped exactly here" breaks the pattern; reaching this row or having stopped before does not.
  return lengthOf(column - offset) === row ? 'BLUE' : 'RED';
}

/** Consecutive equal colours grouped: each run is one column of a derived road. */
function runsOf(colours: readonly RoadColour[]): RoadColour[][] {
  const runs: RoadColour[][] = [];
  for (const colour of colours) {
    const run = runs.at(-1);
    if (run !== undefined && run[0] === colour) run.push(colour);
    else runs.push([colour]);
  }
  return runs;
}

function shoeCounts(results: readonly RoadResult[]): ShoeCounts {
  const count = (predicate: (result: RoadResult) => boolean): number => results.filter(predicate).length;
  return {
    banker: count((result) => result.winner === 'BANKER'),
    player: count((result) => result.winner === 'PLAYER'),
    tie: count((result) => result.winner === 'TIE'),
    bankerPair: count((result) => result.bankerPair),
    playerPair: count((result) => result.playerPair),
    natural: count((result) => result.natural === true),
    hands: results.length,
  };
}
