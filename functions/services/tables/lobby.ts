import { isGameName } from '../../rules/games';
import { getTables, lobbyEntries } from '../../store/tables/lobby';
import type { Game, TableRecord, TableStatus } from '../../store/tables/table-records';
import { decodeCursor, encodeCursor, pageOf, pageSize, type Page } from '../kernel/pages';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { offeredTo } from './tenancy';

export interface LobbyRequest {
  readonly game?: Game | null;
  readonly status?: TableStatus | null;
  readonly first?: number | null;
  readonly after?: string | null;
}

export interface LobbyEdge {
  readonly cursor: string;
  readonly node: TableRecord;
}

export type LobbyPage = Page<LobbyEdge>;

/**
 * The lobby: the tables of a status (open by default), of one game or both, oldest first, a page at
 * a time; a partner's callers see only the tables offered to their platform. Each page is one
 * query of the lobby's entries and one batch read of their tables (more only where tables not
 * offered to the caller had to be skipped).
 */
export async function lobby(deps: ServiceDependencies, caller: Caller, request: LobbyRequest): Promise<Page<LobbyEdge>> {
  const size = pageSize(request.first);
  const status = request.status ?? 'OPEN';
  const game = request.game ?? undefined;
  let after = request.after ? decodeLobbyCursor(request.after, game) : undefined;
  const edges: LobbyEdge[] = [];
  for (;;) {
    const { entries, more } = await lobbyEntries(deps.db, {
      status,
      ...(game ? { game } : {}),
      ...(after ? { after } : {}),
      limit: size + 1,
    });
    const tables = new Map(
      (
        await getTables(
          deps.db,
          entries.map((entry) => entry.tableId),
        )
      ).map((table) => [table.id, table]),
    );
    for (const entry of entries) {
      const table = tables.get(entry.tableId);
      if (!table || !offeredTo(caller, table)) continue;
      if (edges.length === size) return pageOf(edges, true);
      edges.push({ cursor: encodeCursor([entry.sk]), node: table });
    }
    if (!more || entries.length === 0) return pageOf(edges, false);
    after = entries.at(-1)!.sk;
  }
}

/** A lobby entry's sort key: game, opening time, table id (store/kernel/keys.ts, lobbyEntryKey). */
const LOBBY_SORT_KEY = /^[^#]+#[^#]+#[^#]+$/;

/** A lobby cursor: the sort key of the last entry seen, which must be of the game asked for. */
function decodeLobbyCursor(text: string, game: Game | undefined): string {
  return decodeCursor(text, ([sk]) =>
    typeof sk === 'string' && LOBBY_SORT_KEY.test(sk) && isGameName(sk.split('#')[0]) && (game === undefined || sk.startsWith(`${game}#`))
      ? sk
      : undefined,
  );
}
