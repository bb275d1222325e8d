import { realityCheckOf, type RealityCheckView } from '../protection/reality-checks';
import { gameOf } from '../../rules/games';
import type { AccountRecord } from '../../store/money/account-records';
import type { BetRecord } from '../../store/betting/bet-records';
import type { JackpotPoolRecord } from '../../store/rounds/jackpot-pool-record';
import type { RecentResult, TableRecord } from '../../store/tables/table-records';
import type { ItemChange } from '../../store/live/stream-changes';
import { bettingDeadline } from '../betting/betting-gate';
import { outcomeCount } from '../tables/table-access';
import type { WalletBalance } from '../wallet/wallet-balance';

/**
 * What subscribers are told, worked out from the changes the store made (in AWS, the table's
 * DynamoDB stream; locally, DynamoDB Local's): nothing is published by the use cases themselves,
 * so an event exists exactly when the change it reports was written, and never for a write that
 * failed. Pure: one change in, its events out, in the order a front end should apply them.
 */

export type TableEventKind =
  | 'BETTING_OPENED'
  | 'BETTING_CLOSED'
  | 'OUTCOME_RECORDED'
  | 'ROUND_SETTLED'
  | 'SHOE_CHANGED'
  | 'SHOOTER_CHANGED'
  | 'DEALING_PAUSED'
  | 'DEALING_RESUMED'
  | 'TABLE_CLOSED';

export interface TableEventPayload {
  readonly kind: TableEventKind;
  readonly tableId: string;
  readonly sequence: number | null;
  readonly result: RecentResult | null;
  readonly bettingClosesAt: string | null;
  readonly table: TableRecord;
}

export interface PlayerEventPayload {
  readonly kind:
    | 'BET_PLACED'
    | 'BET_CHANGED'
    | 'BET_SETTLED'
    | 'BALANCE_CHANGED'
    | 'WALLET_BALANCE_CHANGED'
    | 'REALITY_CHECK'
    | 'PLAY_RESTRICTED';
  readonly playerId: string;
  readonly bet: BetRecord | null;
  readonly account: AccountRecord | null;
  /** A seamless player's balance as their wallet answered a call (WALLET_BALANCE_CHANGED). */
  readonly wallet?: WalletBalance | null;
  /** The reality check due (REALITY_CHECK). */
  readonly realityCheck?: RealityCheckView | null;
}

export interface LobbyEventPayload {
  readonly kind: 'TABLE_OPENED' | 'TABLE_CHANGED' | 'TABLE_CLOSED';
  readonly table: TableRecord;
}

/** Where an event goes: each subscription field listens on one topic. */
export type LiveEvent =
  | { readonly field: 'tableEvents'; readonly topic: string; readonly payload: TableEventPayload }
  | {
      readonly field: 'myEvents';
      readonly topic: string;
      readonly payload: PlayerEventPayload;
      /** Told, the subscriber's connection ends (a player kept from play: docs/PLAYER-PROTECTION.md). */
      readonly endsConnection?: true;
    }
  | { readonly field: 'jackpotPool'; readonly topic: string; readonly payload: JackpotPoolRecord }
  | { readonly field: 'lobbyEvents'; readonly topic: string; readonly payload: LobbyEventPayload };

export type LiveField = LiveEvent['field'];

export const tableTopic = (tableId: string): string => `TABLE#${tableId}`;
export const playerTopic = (playerId: string): string => `PLAYER#${playerId}`;
export const poolTopic = (poolId: string): string => `POOL#${poolId}`;
export const LOBBY_TOPIC = 'LOBBY';

export function eventsOfChange(change: ItemChange): LiveEvent[] {
  switch (change.kind) {
    case 'TABLE':
      return change.after ? tableEvents(change.before, change.after) : [];
    case 'BET':
      return change.after ? betEvents(change.before, change.after) : [];
    case 'ACCOUNT': {
      const { before, after } = change;
      if (!after) return [];
      const events: LiveEvent[] = [];
      if (before?.balance !== after.balance)
        events.push(playerEvent({ kind: 'BALANCE_CHANGED', playerId: after.id, bet: null, account: after }));
      // A reality check told (the sweeper, or a bet meeting it): the session as it stands.
      if (after.rcToldAt !== undefined && after.rcToldAt !== before?.rcToldAt) {
        events.push(
          playerEvent({ kind: 'REALITY_CHECK', playerId: after.id, bet: null, account: null, realityCheck: realityCheckOf(after) }),
        );
      }
      return events;
    }
    case 'POOL': {
      const { before, after } = change;
      if (!after || before?.amount === after.amount) return [];
      return [{ field: 'jackpotPool', topic: poolTopic(after.id), payload: after }];
    }
    case 'RESTRICTION': {
      // A time-out, self-exclusion or block begun (or made longer): the player is told, and their live updates end.
      const { before, after } = change;
      if (!after) return [];
      const longer = (after.restrictedUntil ?? '') > (before?.restrictedUntil ?? '');
      if (!longer && !(after.blocked && !before?.blocked)) return [];
      const payload: PlayerEventPayload = { kind: 'PLAY_RESTRICTED', playerId: after.playerId, bet: null, account: null };
      return [{ field: 'myEvents', topic: playerTopic(after.playerId), payload, endsConnection: true }];
    }
    case 'WALLET_CALL': {
      // The wallet took a call and said what the player now holds there: told once, when that answer is recorded
      // (the call's later moves, a rollback of a voided round's debit, carry it on untold).
      const { before, after } = change;
      if (after?.balanceAfter === undefined || after.balanceAt === undefined || before?.balanceAt === after.balanceAt) return [];
      const wallet = { playerId: after.playerId, balance: after.balanceAfter, currency: after.currency, readAt: after.balanceAt };
      return [playerEvent({ kind: 'WALLET_BALANCE_CHANGED', playerId: after.playerId, bet: null, account: null, wallet })];
    }
  }
}

function tableEvents(before: TableRecord | undefined, after: TableRecord): LiveEvent[] {
  const kinds: { kind: TableEventKind; sequence?: number; result?: RecentResult | null }[] = [];
  const closed = after.status === 'CLOSED';
  if (before?.settling && before.settling.sequence !== after.settling?.sequence) {
    kinds.push({ kind: 'ROUND_SETTLED', sequence: before.settling.sequence });
  }
  if (before && !before.bettingClosed && after.bettingClosed) kinds.push({ kind: 'BETTING_CLOSED' });
  const recorded = outcomeRecorded(before, after);
  if (recorded !== undefined) {
    const latest = after.recentResults?.[0];
    // A voided round leaves no result (recentResults skips it).
    kinds.push({ kind: 'OUTCOME_RECORDED', sequence: recorded, result: latest?.sequence === recorded ? latest : null });
    // An outcome paid in the same write (nothing on the layout) has no settlement to wait for.
    if (!after.settling) kinds.push({ kind: 'ROUND_SETTLED', sequence: recorded });
  }
  if (before && shoeOf(before) !== shoeOf(after)) kinds.push({ kind: 'SHOE_CHANGED' });
  if (before && shooterOf(before) !== shooterOf(after)) kinds.push({ kind: 'SHOOTER_CHANGED' });
  if (before && !before.dealingPausedBy && after.dealingPausedBy) kinds.push({ kind: 'DEALING_PAUSED' });
  if (before?.dealingPausedBy && !after.dealingPausedBy) kinds.push({ kind: 'DEALING_RESUMED' });
  const opened = !closed && !after.bettingClosed && (!before || before.bettingClosed || before.bettingOpenedAt !== after.bettingOpenedAt);
  if (opened) kinds.push({ kind: 'BETTING_OPENED' });
  if (closed && before?.status !== 'CLOSED') kinds.push({ kind: 'TABLE_CLOSED' });

  const deadline = closed || after.bettingClosed ? null : (bettingDeadline(after) ?? null);
  const events: LiveEvent[] = kinds.map(({ kind, sequence, result }) => ({
    field: 'tableEvents',
    topic: tableTopic(after.id),
    payload: { kind, tableId: after.id, sequence: sequence ?? null, result: result ?? null, bettingClosesAt: deadline, table: after },
  }));
  const lobbyKind = !before
    ? 'TABLE_OPENED'
    : closed && before.status !== 'CLOSED'
      ? 'TABLE_CLOSED'
      : kinds.length > 0
        ? 'TABLE_CHANGED'
        : null;
  // Settling is the table's business, not the lobby's: a lobby shows results, betting and shoes.
  const lobbyWorthy = lobbyKind !== 'TABLE_CHANGED' || kinds.some(({ kind }) => kind !== 'ROUND_SETTLED' && kind !== 'SHOOTER_CHANGED');
  if (lobbyKind && lobbyWorthy) events.push({ field: 'lobbyEvents', topic: LOBBY_TOPIC, payload: { kind: lobbyKind, table: after } });
  return events;
}

/** The sequence of the outcome this write recorded, if it recorded one (a void counts as one: it takes a sequence). */
function outcomeRecorded(before: TableRecord | undefined, after: TableRecord): number | undefined {
  if (!before) return undefined;
  return outcomeCount(after) > outcomeCount(before) ? outcomeCount(after) : undefined;
}

const shoeOf = (table: TableRecord): number | null => gameOf(table.game).shoeNumber(table.state);
const shooterOf = (table: TableRecord): string | null => gameOf(table.game).shooter(table.state);

function betEvents(before: BetRecord | undefined, after: BetRecord): LiveEvent[] {
  if (!before)
    return [
      playerEvent({ kind: after.status === 'OPEN' ? 'BET_PLACED' : 'BET_SETTLED', playerId: after.playerId, bet: after, account: null }),
    ];
  const decided = after.status !== 'OPEN';
  // A jackpot bet is decided with its round, then paid its share of the prize: both are news.
  const paidAgain =
    before.status !== 'OPEN' &&
    (before.status !== after.status || before.winnings !== after.winnings || before.returned !== after.returned);
  if (decided && (before.status === 'OPEN' || paidAgain)) {
    return [playerEvent({ kind: 'BET_SETTLED', playerId: after.playerId, bet: after, account: null })];
  }
  if (after.status === 'OPEN' && (before.amount !== after.amount || before.number !== after.number)) {
    return [playerEvent({ kind: 'BET_CHANGED', playerId: after.playerId, bet: after, account: null })];
  }
  return [];
}

const playerEvent = (payload: PlayerEventPayload): LiveEvent => ({ field: 'myEvents', topic: playerTopic(payload.playerId), payload });
