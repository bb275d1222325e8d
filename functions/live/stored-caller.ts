import type { Caller } from '../services/kernel/services';
import type { StoredCaller } from '../store/live/live-connections';

/** A caller as a connection's item keeps it (lists, not sets), and back. */
export const storedCaller = (caller: Caller): StoredCaller => ({
  playerId: caller.playerId,
  roles: [...caller.roles],
  dealerTables: [...(caller.dealerTables ?? [])],
  ...(caller.partner !== undefined ? { partner: caller.partner } : {}),
});

export const callerOf = (stored: StoredCaller): Caller => ({
  playerId: stored.playerId,
  roles: new Set(stored.roles),
  dealerTables: new Set(stored.dealerTables),
  ...(stored.partner !== undefined ? { partner: stored.partner } : {}),
});
