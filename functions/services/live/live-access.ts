import type { Caller, ServiceDependencies } from '../kernel/services';
import { findTable } from '../tables/queries';
import { requireJackpotPool } from '../money/jackpot-pools';
import { offeredTo } from '../tables/tenancy';
import { noSuchTable } from '../tables/table-access';
import { LOBBY_TOPIC, playerTopic, poolTopic, tableTopic, type LiveEvent, type LiveField } from './live-events';
import { LIVE_SHARDS } from '../../store/kernel/keys';
import { assertMayPlay } from '../protection/restrictions';

/**
 * Who may listen to what: the rules queries follow, applied when a subscription is made (which
 * topic it listens on) and again on each event (whether this subscriber receives it).
 */

/**
 * The topic a subscription listens on, once the caller may: a table offered to them, their own
 * events, a pool that exists; never while they are kept from play (a time-out, self-exclusion or
 * block ends their live connection when it begins, docs/PLAYER-PROTECTION.md, and keeps them from
 * coming back to watch).
 */
export async function listeningFor(
  deps: ServiceDependencies,
  caller: Caller,
  field: LiveField,
  args: Record<string, unknown>,
): Promise<string> {
  await assertMayPlay(deps, caller.playerId, deps.now());
  switch (field) {
    case 'tableEvents': {
      const table = await findTable(deps, caller, String(args.tableId));
      if (!table) throw noSuchTable();
      return tableTopic(table.id);
    }
    case 'myEvents':
      return playerTopic(caller.playerId);
    case 'jackpotPool':
      return poolTopic((await requireJackpotPool(deps, String(args.id))).id);
    case 'lobbyEvents':
      return LOBBY_TOPIC;
  }
}

/** How many partitions a topic's subscriptions are spread over: a player's own events have one listener or a few. */
export const shardsOfTopic = (topic: string): number => (topic.startsWith('PLAYER#') ? 1 : LIVE_SHARDS);

/** Whether a subscriber receives an event of their topic: a table's, only while it is offered to them; their own bets, only theirs. */
export function receives(caller: Caller, event: LiveEvent): boolean {
  switch (event.field) {
    case 'tableEvents':
    case 'lobbyEvents':
      return offeredTo(caller, event.payload.table);
    case 'myEvents':
      return event.payload.playerId === caller.playerId;
    case 'jackpotPool':
      return true;
  }
}
