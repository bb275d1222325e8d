import { getAccount } from '../../store/money/accounts';
import { JOURNAL_PREFIX, journalSortKey } from '../../store/kernel/keys';
import { playerAmount, playerJournals } from '../../store/money/ledger';
import type { BetRecord } from '../../store/betting/bet-records';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { mayReadPlayer } from '../tables/tenancy';

/**
 * A player's balance right after one movement of their money, told from the ledger: the account
 * keeps which journal moved it last, so when that is the movement asked about, its balance is
 * the answer; otherwise the journals stamped after it (up to the account's last) are taken back
 * off. Read only when a client asks (Bet.balanceAfterPlacement, balanceAfterSettlement): an
 * answer that shows the balance costs the client no second request, and a bet that does not ask
 * costs nothing more. Only the bet's player (or an operator) is told; anyone else gets null.
 */

export async function balanceAfterJournal(deps: ServiceDependencies, playerId: string, journalSk: string): Promise<number | null> {
  const account = await getAccount(deps.db, playerId);
  if (!account) return null;
  if (account.lastJournal === journalSk) return account.balance;
  const last = account.lastJournal;
  if (last === undefined || last < journalSk) return null;
  const later = (await playerJournals(deps.db, playerId, { fromSk: journalSk })).filter((journal) => {
    const sk = journalSortKey(journal);
    return sk > journalSk && sk <= last;
  });
  return later.reduce((balance, journal) => balance - playerAmount(journal, playerId), account.balance);
}

/** The bettor's balance right after the bet's stake left it. */
export function balanceAfterPlacement(deps: ServiceDependencies, caller: Caller, bet: BetRecord): Promise<number | null> {
  // A seamless bet's balance is the partner's wallet's, not ours to tell.
  if (!mayReadPlayer(caller, bet.playerId) || bet.seamless) return Promise.resolve(null);
  return balanceAfterJournal(deps, bet.playerId, journalSortKey({ at: bet.placedAt, id: `STAKE:${bet.id}` }));
}

/** The bettor's balance right after the money the bet returned came in (a win, a push, a take-down, a void); null for a bet still open or lost. */
export async function balanceAfterSettlement(deps: ServiceDependencies, caller: Caller, bet: BetRecord): Promise<number | null> {
  if (!mayReadPlayer(caller, bet.playerId) || bet.seamless || bet.settledAt === undefined || bet.returned <= 0) return null;
  // The journal that paid it has a leg for it, and was stamped when the bet was decided or, for a
  // round's payment, a moment after the outcome was recorded (which is the time an outcome's
  // answer shows): the first of the player's journals from then on that names the bet.
  const stamped = await playerJournals(deps.db, bet.playerId, {
    fromSk: `${JOURNAL_PREFIX}${bet.settledAt}`,
    oldestFirst: true,
    limit: SEARCHED,
  });
  const paying = stamped.find((journal) => journal.legs.some((leg) => leg.betId === bet.id && leg.account.kind === 'PLAYER'));
  return paying ? balanceAfterJournal(deps, bet.playerId, journalSortKey(paying)) : null;
}

/** Journals looked through, from the bet's decision on, for the one that paid it. */
const SEARCHED = 100;
