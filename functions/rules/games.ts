import type { GameTypes, TableGame } from './game';
import { BACCARAT_GAME, type BaccaratTypes } from './baccarat/game';
import { CRAPS_GAME, type CrapsTypes } from './craps/game';

/**
 * The games a table may play, by the name a table records (TableRecord.game): the one place a
 * game is registered. A third game is a folder beside craps/ and baccarat/ implementing
 * TableGame (game.ts), and a line here (with its table record, store/tables/table-records.ts, and
 * how a table of it opens, services/tables/game-tables.ts).
 */
interface GameTypesByName {
  readonly CRAPS: CrapsTypes;
  readonly BACCARAT: BaccaratTypes;
}

export type GameName = keyof GameTypesByName;

/** The types a game's rules work in, by the game's name. */
export type TypesOf<G extends GameName> = GameTypesByName[G];

export const GAMES: { readonly [G in GameName]: TableGame<TypesOf<G>> } = {
  CRAPS: CRAPS_GAME,
  BACCARAT: BACCARAT_GAME,
};

/** Every registered game's name, in registration order. */
export const GAME_NAMES = Object.keys(GAMES) as readonly GameName[];

/**
 * The game a table plays, by the name it records. Looked up with a table's own `game`, its
 * methods take that table's own options and state (the table records are one type per game,
 * store/tables/table-records.ts): a table's game is never handed another game's.
 */
export function gameOf<G extends GameName>(game: G): TableGame<TypesOf<G>> {
  return GAMES[game];
}

/** Whether `name` is a registered game's. */
export const isGameName = (name: unknown): name is GameName => typeof name === 'string' && Object.hasOwn(GAMES, name);

export type { GameTypes, TableGame };
