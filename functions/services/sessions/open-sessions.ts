import { getPlayerSession } from '../../store/sessions/player-sessions';
import type { ServiceDependencies } from '../kernel/services';

/** How long a process takes a session's answer as it was: a partner's end reaches its tokens within this. */
export const SESSION_CHECK_MS = 30_000;

const answers = new Map<string, { readonly open: boolean; readonly readAt: number }>();

/**
 * Whether a launched session is open (not ended by its partner, nor for idleness): a request with
 * one of its player tokens is taken only while it is. Read once per SESSION_CHECK_MS per process;
 * an ended session stays ended.
 */
export async function sessionOpen(deps: ServiceDependencies, sessionId: string): Promise<boolean> {
  const key = `${deps.db.tableName}\u0000${sessionId}`;
  const known = answers.get(key);
  const now = Date.parse(deps.now());
  if (known && (!known.open || now - known.readAt < SESSION_CHECK_MS)) return known.open;
  const session = await getPlayerSession(deps.db, sessionId);
  const open = session !== undefined && session.endedAt === undefined;
  answers.set(key, { open, readAt: now });
  // A process of many sessions forgets the oldest answers rather than grow without bound.
  if (answers.size > 10_000) answers.delete(answers.keys().next().value!);
  return open;
}
