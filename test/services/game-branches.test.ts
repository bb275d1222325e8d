/**
 * No service, store, resolver or live module asks which game a table plays: each looks the game
 * up in the registry (rules/games.ts `gameOf`, services/tables/game-tables.ts `gameTablesOf`, and
 * for the schema's type of a table graphql/table-resolvers.ts) and calls what the game implements.
 * A third game is then a folder and a registration, not an edit of every module that would
 * otherwise branch on the game.
 */
import { describe, expect, it } from 'vitest';
import { GAME_NAMES } from '../../functions/rules/games';
import { readSource, sourceFiles } from '../support/source-files';

const SCANNED = ['functions/services', 'functions/store', 'functions/graphql', 'functions/live'];
/** The registry of what the services do for each game's tables: where a game's name is looked up. */
const REGISTRIES = new Set([
  'functions/services/tables/game-tables.ts',
  // Which of the schema's types a game's table is (CrapsTable, BaccaratTable).
  'functions/graphql/table-resolvers.ts',
]);

/** The registered games' names, as a pattern: `CRAPS|BACCARAT`. */
const NAME = GAME_NAMES.join('|');
const LITERAL = `'(${NAME})'`;

/** Ways of asking which game a table plays, each with what it looks like. */
const BRANCHES: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  { what: 'a comparison with a game', pattern: /\bgame\s*[!=]==?\s*'|'\w+'\s*[!=]==?\s*[\w.]*\bgame\b/ },
  { what: 'a switch on the game', pattern: /switch\s*\(\s*[\w.]*\bgame\s*\)/ },
  { what: 'a lookup by the game', pattern: /\[\s*[\w.]*\bgame\s*\]/ },
  { what: 'a choice on a game name', pattern: new RegExp(`${LITERAL}\\s*\\?`) },
  { what: 'a game taken by default', pattern: new RegExp(`(\\?\\?|\\|\\|)\\s*${LITERAL}`) },
  { what: 'a map keyed by game names', pattern: new RegExp(`\\{\\s*(${NAME})\\s*:`) },
  { what: 'a list of games', pattern: new RegExp(`\\(\\s*(${NAME})\\s*\\||${LITERAL}\\s*,\\s*${LITERAL}`) },
];

/** The lines of `source` that ask which game a table plays, with what they do. */
export function gameBranches(source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return [];
    return BRANCHES.filter(({ pattern }) => pattern.test(code)).map(({ what }) => `${index + 1}: ${what}: ${line.trim()}`);
  });
}

describe('the game of a table', () => {
  it.each(SCANNED)('is never branched on in %s: every game is reached through its registration', (dir) => {
    const found = sourceFiles(dir)
      .filter((file) => !REGISTRIES.has(file))
      .flatMap((file) => gameBranches(readSource(file)).map((branch) => `${file}:${branch}`));
    expect(found).toEqual([]);
  });

  it('is looked up, not compared: the registry lookups pass, each kind of branch is caught', () => {
    expect(gameBranches('const game = gameOf(table.game);\nreturn game.outcomeCount(table.state);')).toEqual([]);
    expect(gameBranches('if (game === undefined || pending.kind !== game.outcomeKind) return;')).toEqual([]);
    expect(gameBranches("loadPlayableTable(deps, tableId, GAME_NAMES);\nloadPlayableTable(deps, tableId, ['CRAPS']);")).toEqual([]);
    for (const branch of [
      "return table.game === 'CRAPS' ? table.state.rollCount : table.state.roundCount;",
      "if (table.game !== 'BACCARAT') throw new Error('not a deal');",
      "if ('CRAPS' === request.game) open();",
      'switch (table.game) {',
      'const seats = SEATS[table.game];',
      "const perUnit = request.game === 'CRAPS' ? 31 : 41;",
      'const SEATS = { BACCARAT: 14, CRAPS: 20 };',
      'const sortKey = /^(CRAPS|BACCARAT)#/;',
      "loadPlayableTable(deps, tableId, ['CRAPS', 'BACCARAT']);",
      "const { pk } = lobbyEntryKey(query.status, query.game ?? 'CRAPS', '', '');",
    ]) {
      expect(gameBranches(branch), branch).not.toEqual([]);
    }
  });
});
