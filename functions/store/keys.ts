/**
 * The key layout of the single table (see table-definition.ts). One function per item kind,
 * so no other module spells a key by hand.
 *
 *   TABLE#<tableId>      TABLE                 the table session: game, options, state, version
 *   TABLE#<tableId>      BET#<betKey>          an open bet: on the layout, settlement's work list
 *   TABLE#<tableId>      SETTLED#<betKey>      a decided bet (won, lost, pushed, taken down)
 *   TABLE#<tableId>      OUTCOME#<sequence>    a roll or a deal, its settlement plan and whether it is applied
 *   ACCOUNT#<playerId>   ACCOUNT               a player's balance
 *   ACCOUNT#<playerId>   CASH#<reference>      a deposit or withdrawal by the cashier, once per reference
 *   POOL#<poolId>        POOL                  a progressive jackpot pool
 *   IDEMPOTENCY#<playerId>#<key>  IDEMPOTENCY  which bet a client's idempotency key placed
 *   SETTLING             TABLE#<tableId>       a table with an outcome recorded but not yet fully settled
 * GSI byOwner: ownerPk PLAYER#<playerId>, ownerSk <placedAt>#<betId>, on open and decided bets.
 */

export interface ItemKey {
  readonly pk: string;
  readonly sk: string;
}

export const tableKey = (tableId: string): ItemKey => ({ pk: `TABLE#${tableId}`, sk: 'TABLE' });
export const openBetKey = (tableId: string, betKey: string): ItemKey => ({ pk: `TABLE#${tableId}`, sk: `${OPEN_BET_PREFIX}${betKey}` });
export const settledBetKey = (tableId: string, betKey: string): ItemKey => ({ pk: `TABLE#${tableId}`, sk: `SETTLED#${betKey}` });
export const outcomeKey = (tableId: string, sequence: number): ItemKey => ({
  pk: `TABLE#${tableId}`,
  sk: `${OUTCOME_PREFIX}${String(sequence).padStart(10, '0')}`,
});
export const settlingMarkerKey = (tableId: string): ItemKey => ({ pk: SETTLING_PK, sk: `TABLE#${tableId}` });
export const SETTLING_PK = 'SETTLING';
export const poolKey = (poolId: string): ItemKey => ({ pk: `POOL#${poolId}`, sk: 'POOL' });
export const accountKey = (playerId: string): ItemKey => ({ pk: `ACCOUNT#${playerId}`, sk: 'ACCOUNT' });
export const cashMovementKey = (playerId: string, reference: string): ItemKey => ({ pk: `ACCOUNT#${playerId}`, sk: `CASH#${reference}` });
export const idempotencyKey = (playerId: string, key: string): ItemKey => ({
  pk: `IDEMPOTENCY#${playerId}#${key}`,
  sk: 'IDEMPOTENCY',
});
export const ownerPk = (playerId: string): string => `PLAYER#${playerId}`;

export const OPEN_BET_PREFIX = 'BET#';
export const OUTCOME_PREFIX = 'OUTCOME#';

/**
 * A bet's public id carries its table, so that a bet can be read with one GetItem from where it
 * lives (open or decided) without a second index: `<tableId>.<betKey>`.
 */
export function betId(tableId: string, betKey: string): string {
  return `${tableId}.${betKey}`;
}

export function parseBetId(id: string): { tableId: string; betKey: string } | undefined {
  const dot = id.lastIndexOf('.');
  if (dot <= 0 || dot === id.length - 1) return undefined;
  return { tableId: id.slice(0, dot), betKey: id.slice(dot + 1) };
}
