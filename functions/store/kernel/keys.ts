/**
 * The key layout of the single table (see table-definition.ts and docs/DATA-MODEL.md). One
 * function per item kind, so no other module spells a key by hand.
 *
 *   TABLE#<t>             TABLE                     the table session: game, options, state; written by dealer actions only
 *   TABLE#<t>             OUTCOME#<sequence>        a roll or a deal, and whether its settlement is done
 *   TABLE#<t>#PLAN#<seq>#<planId>  CHUNK#<chunk>    the outcome's settlement plan, in chunks (a partition per plan)
 *   TABLE#<t>             SEAT#<seat>               who sits on a seat
 *   TABLE#<t>             LAYOUT_TOTALS             the layout's totals as last read (a lobby's view), refreshed by readers
 *   TABLE#<t>#S#<shard>   GATE                      a betting-gate shard: the round it takes bets for, its open bets
 *   TABLE#<t>#S#<shard>   BET#<betKey>              a bet, open or decided (decided in place); while open, in the
 *                                                   `layout` index under <player>#<betKey>
 *   TABLE#<t>#S#<shard>   POSITION#<player>         a player's position at the table: their bets' lock; in the
 *                                                   `layout` index under <player>#, just before their bets
 *   ACCOUNT#<p>           ACCOUNT                   a player's balance
 *   CASH#<partner>/<ref>  CASH                      a deposit or withdrawal by the cashier, once per reference and
 *                                                   partner (the house's own players: an empty partner)
 *   ACCOUNT#<p>           ENTRY#<at>#<journalId>    a ledger journal about the player (a stake, a payment, cash)
 *   POOL#<poolId>         POOL                      a progressive jackpot pool
 *   POOL#<poolId>         ENTRY#<at>#<journalId>    a ledger journal about the pool (its seed, a round's contributions)
 *   IDEMPOTENCY#<p>#<key> IDEMPOTENCY               which bet a client's idempotency key placed
 *   LOBBY#<status>        <game>#<createdAt>#<t>    a table's entry in the lobby (OPEN or CLOSED)
 *   LIMITS#PLAYER#<p>     LIMITS                    the limit profile a player bets by
 *   LIMITS#PARTNER#<partner> LIMITS                 the limit profile a partner's players bet by
 *   SETTLING              TABLE#<t>                 a table's settlement job: the outcome being paid, its runner's lease
 *   LEDGER                CURRENCY#<currency>       a currency the ledger holds, and its first day (where its checks start)
 *   LEDGER#<currency>     DAY#<day>                 a day's check of the currency's ledger: its totals, and the book's through it
 *   ACCOUNT#<p>           CHECK                     the player's balance as the ledger had it at the end of the last day checked
 *   POOL#<poolId>         CHECK                     the same, for a pool
 *   LIVE#CONN#<c>         CONNECTION                a WebSocket connection: who it is, its subscriptions
 *   LIVE#<topic>#<shard>  <c>#<subscriptionId>      a subscription, where its topic's events are fanned out from
 *   PARTNER#<partner>     WALLET                    a partner's wallet mode (TRANSFER or SEAMLESS), its wallet's URL and currencies
 *   WALLETCALL#<txId>     CALL                      a call to a seamless partner's wallet (its outbox item): the call's exact body,
 *                                                   its state; while undelivered, in `byOwner` under WALLETDUE#<shard>
 *   WALLETROUND#<p>#<round> ROUND                   a version 2 wallet's round of one player: the calls made in it, and once
 *                                                   its closing credit is sent, when (no call of the round follows)
 *   PARTNER#<partner>     CREDENTIAL#<keyId>        a credential the partner signs its server-to-server calls (a launch) with: its
 *                                                   secret is kept apart (the secret store), never here
 *   PARTNER#<partner>     CLIENT                    how the hosted client serves the partner: the origins whose pages may embed it
 *   SESSION#<sessionId>   SESSION                   a player's session, opened by a partner's launch: its player, currency,
 *                                                   language, table, the partner's URLs; when it was last used, whether it ended
 *   LAUNCHCODE#<hash>     CODE                      a launch's one-time code (by its hash), until exchanged for a player token
 *   SIGNED#<hash>         CALL                      a partner's signed call that answers a secret (by its signature's hash): taken
 *                                                   once, kept while its signature is within the clock's tolerance
 *   WALLETSESSION#<p>     SESSION                   a version 2 wallet's player's session: the partner's token `authenticate` took,
 *                                                   which the player's calls carry
 * GSI byOwner: ownerPk PLAYER#<p>, ownerSk <placedAt>#<betId>, on every bet.
 * GSI byOwner also: ownerPk WALLETDUE#<shard>, ownerSk <dueAt>#<txId>, on a wallet call while it waits to be
 * delivered; WALLETDEAD#<partner>, on one given up after 24 hours (for operators).
 * GSI book: bookPk BOOK#<currency>#<shard>, bookSk <at>#<journalId>, on every journal; and
 * bookPk WALLETCALLS#<partner>#<shard>, bookSk <createdAt>#<txId>, on every wallet call (the partner's daily report); and
 * bookPk ACTIVITY#<partner>#<shard>, bookSk <changedAt>#<betId>, on every bet of a partner's player (the partner's activity feed).
 * LSI layout: layoutSk <player>#<betKey> on open bets only, so a shard's open bets, and one
 * player's, are read strongly consistent without reading what is decided.
 */

import { PARTITION_BOUNDS, STORE_PARTITIONS } from './store-partitions';

export interface ItemKey {
  readonly pk: string;
  readonly sk: string;
}

/**
 * Bets, and the gate that admits them, are spread over a table's shards by player: no item is
 * written or checked by every bet of a table (docs/DATA-MODEL.md, "Ceilings"). A table's count
 * (`betShards`) is chosen when it opens, from MIN_BET_SHARDS to MAX_BET_SHARDS, and never changes: a table of
 * n shards takes n writes to close betting and n queries to read its layout, and admits at most
 * n times a shard's bets. Tables stored before the count was a setting have 64. How many a table
 * needs for its traffic: docs/DATA-MODEL.md, "Contention".
 */
export const MAX_BET_SHARDS = PARTITION_BOUNDS.tableBets.max;
/** Never fewer: one shard would be an item that every bet of the table writes (a ceiling of a few dozen bets/s). */
export const MIN_BET_SHARDS = PARTITION_BOUNDS.tableBets.min;
/** A table opened without a count: the stage's (store-partitions.ts; 64 unless set). */
export const DEFAULT_BET_SHARDS = STORE_PARTITIONS.tableBets;
/** The ledger's `book` index spreads a currency's journals over this many partitions (one count for every currency; the stage's). */
export const BOOK_SHARDS = STORE_PARTITIONS.book;

export const tableKey = (tableId: string): ItemKey => ({ pk: `TABLE#${tableId}`, sk: 'TABLE' });
export const outcomeKey = (tableId: string, sequence: number): ItemKey => ({
  pk: `TABLE#${tableId}`,
  sk: `${OUTCOME_PREFIX}${sequenceKey(sequence)}`,
});
/**
 * An outcome's plan in a partition of its own (plans, which grow with the rounds, never fill the
 * table's), under the id its outcome names: chunks written by an attempt that did not record
 * the outcome are never read.
 */
export const planChunkKey = (tableId: string, sequence: number, planId: string, chunk: number): ItemKey => ({
  pk: planPk(tableId, sequence, planId),
  sk: `CHUNK#${String(chunk).padStart(4, '0')}`,
});
export const planPk = (tableId: string, sequence: number, planId: string): string =>
  `TABLE#${tableId}#PLAN#${sequenceKey(sequence)}#${planId}`;
export const layoutTotalsKey = (tableId: string): ItemKey => ({ pk: `TABLE#${tableId}`, sk: 'LAYOUT_TOTALS' });
export const seatKey = (tableId: string, seat: number): ItemKey => ({
  pk: `TABLE#${tableId}`,
  sk: `SEAT#${String(seat).padStart(2, '0')}`,
});
export const shardPk = (tableId: string, shard: number): string => `TABLE#${tableId}#S#${String(shard).padStart(2, '0')}`;
export const gateKey = (tableId: string, shard: number): ItemKey => ({ pk: shardPk(tableId, shard), sk: 'GATE' });
export const betKey = (tableId: string, key: string): ItemKey => ({ pk: shardPk(tableId, shardOfBetKey(key)), sk: `BET#${key}` });
/** A player's position, in the shard of their bets (shardOf). */
export const positionKey = (tableId: string, shard: number, playerId: string): ItemKey => ({
  pk: shardPk(tableId, shard),
  sk: `POSITION#${playerId.length}:${playerId}`,
});
export const settlingMarkerKey = (tableId: string): ItemKey => ({ pk: SETTLING_PK, sk: `TABLE#${tableId}` });
export const SETTLING_PK = 'SETTLING';
/** A server seed of a table the server deals, by its commitment (never streamed: not in LIVE_ITEM_SORT_KEYS). */
export const seedKey = (tableId: string, commitment: string): ItemKey => ({ pk: `TABLE#${tableId}`, sk: `SEED#${commitment}` });
/** The round loop's claim on a table the server deals: one small partition of them, which the sweeper reads. */
export const rngLoopKey = (tableId: string): ItemKey => ({ pk: RNG_LOOP_PK, sk: `TABLE#${tableId}` });
export const RNG_LOOP_PK = 'RNGLOOP';
/** A player's restrictions (time-out, self-exclusion, an operator's block): checked by every bet and deposit of theirs. */
export const restrictionKey = (playerId: string): ItemKey => ({ pk: `PROTECT#${playerId}`, sk: 'RESTRICTION' });
/** One change of a player's protection, kept for the audit: newest last by its sort key. */
export const protectionChangeKey = (playerId: string, at: string, id: string): ItemKey => ({
  pk: `PROTECT#${playerId}`,
  sk: `${PROTECTION_CHANGE_PREFIX}${at}#${id}`,
});
export const PROTECTION_CHANGE_PREFIX = 'CHANGE#';
/** A player's limits as the player and their operators set them (the account holds those in force). */
export const limitsKey = (playerId: string): ItemKey => ({ pk: `PROTECT#${playerId}`, sk: 'LIMITS' });
/** The day's refusals for player protection, by reason: per partner (the house's own players: "-"), in shards by player. */
export const PROTECTION_REFUSAL_SHARDS = 16;
export const protectionRefusalsKey = (day: string, partner: string | undefined, shard: number): ItemKey => ({
  pk: `REFUSED#${day}`,
  sk: `${partner ?? '-'}#${String(shard).padStart(2, '0')}`,
});
/** A reality check due: a marker the sweeper finds by when it falls due, in one of a few partitions by player. */
export const REALITY_CHECK_SHARDS = 8;
export const realityCheckDuePk = (shard: number): string => `RCDUE#${shard}`;
export const realityCheckDueKey = (playerId: string, dueAt: string): ItemKey => ({
  pk: realityCheckDuePk(fnv1a(playerId) % REALITY_CHECK_SHARDS),
  sk: `${dueAt}#${playerId}`,
});
/** FNV-1a of a player's id: which refusal shard counts them. */
export const refusalShardOf = (playerId: string): number => fnv1a(playerId) % PROTECTION_REFUSAL_SHARDS;
export const poolKey = (poolId: string): ItemKey => ({ pk: `POOL#${poolId}`, sk: 'POOL' });
/** A currency the ledger holds (services/money/ledger-check.ts). */
export const ledgerCurrencyKey = (currency: string): ItemKey => ({ pk: 'LEDGER', sk: `CURRENCY#${currency}` });
export const LEDGER_CURRENCY_PREFIX = 'CURRENCY#';
/** A day's check of a currency's ledger: the days of a currency sort by date. */
export const ledgerDayKey = (currency: string, day: string): ItemKey => ({ pk: `LEDGER#${currency}`, sk: `DAY#${day}` });
export const LEDGER_DAY_PREFIX = 'DAY#';
/** The last day's closing balance of a player's account or a pool, beside it in its partition. */
export const balanceCheckKey = (home: { readonly kind: 'PLAYER' | 'POOL'; readonly id: string }): ItemKey => ({
  pk: home.kind === 'PLAYER' ? accountKey(home.id).pk : poolKey(home.id).pk,
  sk: 'CHECK',
});
/** A table's lobby entry: by status, then game, then opening time. */
export const lobbyEntryKey = (status: string, game: string, createdAt: string, tableId: string): ItemKey => ({
  pk: `LOBBY#${status}`,
  sk: `${game}#${createdAt}#${tableId}`,
});

/** Where a limit profile assignment is kept: a player's, or a whole partner's. */
export const limitAssignmentKey = (target: { readonly playerId: string } | { readonly partner: string }): ItemKey => ({
  pk: 'playerId' in target ? `LIMITS#PLAYER#${target.playerId}` : `LIMITS#PARTNER#${target.partner}`,
  sk: 'LIMITS',
});
/** A WebSocket connection (API Gateway's connection id, or the local server's). */
export const connectionKey = (connectionId: string): ItemKey => ({ pk: `LIVE#CONN#${connectionId}`, sk: 'CONNECTION' });
/**
 * A topic's subscriptions are spread over `shards` partitions by connection, so that thousands of
 * viewers of one table neither write one partition past its 1,000 writes/s as they subscribe nor
 * wait for one reader as an event is fanned out: each shard is delivered by a worker of its own.
 */
export const LIVE_SHARDS = STORE_PARTITIONS.live;
export const liveShardOf = (connectionId: string, shards: number): number => fnv1a(connectionId) % shards;
export const livePk = (topic: string, shard: number): string => `LIVE#${topic}#${String(shard).padStart(2, '0')}`;
export const subscriptionKey = (topic: string, shard: number, connectionId: string, subscriptionId: string): ItemKey => ({
  pk: livePk(topic, shard),
  sk: `${connectionId}#${subscriptionId}`,
});
export const partnerWalletKey = (partner: string): ItemKey => ({ pk: `PARTNER#${partner}`, sk: 'WALLET' });
export const PARTNER_WALLET_SK = 'WALLET';
export const walletCallKey = (transactionId: string): ItemKey => ({ pk: `WALLETCALL#${transactionId}`, sk: 'CALL' });
export const partnerCredentialKey = (partner: string, keyId: string): ItemKey => ({ pk: `PARTNER#${partner}`, sk: `CREDENTIAL#${keyId}` });
export const PARTNER_CREDENTIAL_SK_PREFIX = 'CREDENTIAL#';
export const partnerClientKey = (partner: string): ItemKey => ({ pk: `PARTNER#${partner}`, sk: 'CLIENT' });
export const playerSessionKey = (sessionId: string): ItemKey => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' });
export const launchCodeKey = (codeHash: string): ItemKey => ({ pk: `LAUNCHCODE#${codeHash}`, sk: 'CODE' });
export const signedCallKey = (signatureHash: string): ItemKey => ({ pk: `SIGNED#${signatureHash}`, sk: 'CALL' });
export const walletSessionKey = (playerId: string): ItemKey => ({ pk: `WALLETSESSION#${playerId}`, sk: 'SESSION' });
export const walletRoundKey = (playerId: string, roundId: string): ItemKey => ({ pk: `WALLETROUND#${playerId}#${roundId}`, sk: 'ROUND' });
/**
 * Undelivered wallet calls are spread over this many `byOwner` partitions, and a partner's calls over
 * as many in the `book` index, so that no partition takes every call: the stage's setting
 * (store-partitions.ts), 16 unless set.
 */
export const WALLET_DUE_SHARDS = STORE_PARTITIONS.wallet;
export const walletDuePk = (shard: number): string => `WALLETDUE#${String(shard).padStart(2, '0')}`;
export const walletDueShardOf = (transactionId: string): number => fnv1a(transactionId) % WALLET_DUE_SHARDS;
export const walletDeadPk = (partner: string): string => `WALLETDEAD#${partner}`;
/** A partner's wallet calls in the `book` index, spread as the journals are. */
export const walletCallsPk = (partner: string, shard: number): string => `WALLETCALLS#${partner}#${String(shard).padStart(2, '0')}`;
/**
 * A partner's bets in the `book` index, by when each last changed (placed, decided, given a jackpot
 * share), spread by player over ACTIVITY_SHARDS partitions: the partner's activity feed.
 */
export const ACTIVITY_SHARDS = 16;
export const activityPk = (partner: string, shard: number): string => `ACTIVITY#${partner}#${String(shard).padStart(2, '0')}`;
export const activityShardOf = (playerId: string): number => fnv1a(playerId) % ACTIVITY_SHARDS;
/** A bet's place in its partner's feed: when it last changed, then its id. */
export const activitySk = (changedAt: string, betId: string): string => `${changedAt}#${betId}`;

export const accountKey = (playerId: string): ItemKey => ({ pk: `ACCOUNT#${playerId}`, sk: 'ACCOUNT' });
/** A cashier's reference, once per partner (the house's own players: one partner), whichever account it moved money of. */
export const cashMovementKey = (playerId: string, reference: string): ItemKey => ({
  pk: `CASH#${partnerOfPlayer(playerId) ?? ''}/${reference}`,
  sk: 'CASH',
});
export const idempotencyKey = (playerId: string, key: string): ItemKey => ({
  pk: `IDEMPOTENCY#${playerId}#${key}`,
  sk: 'IDEMPOTENCY',
});
export const ownerPk = (playerId: string): string => `PLAYER#${playerId}`;
/** A journal, in the partition of the player's account or the pool it is about, by time. */
export const journalKey = (home: { readonly kind: 'PLAYER' | 'POOL'; readonly id: string }, at: string, id: string): ItemKey => ({
  pk: home.kind === 'PLAYER' ? accountKey(home.id).pk : poolKey(home.id).pk,
  sk: journalSortKey({ at, id }),
});
export const JOURNAL_PREFIX = 'ENTRY#';
/** A journal's sort key in its home partition: by time, then id (a balance's `lastJournal` holds one). */
export const journalSortKey = (journal: { readonly at: string; readonly id: string }): string =>
  `${JOURNAL_PREFIX}${journal.at}#${journal.id}`;
/** The `book` index: a currency's journals, spread over BOOK_SHARDS partitions by the account they are about. */
export const bookPk = (currency: string, shard: number): string => `BOOK#${currency}#${String(shard).padStart(2, '0')}`;
/** The `book` partition of the journals about an account or a pool. */
export const bookShardOf = (homeId: string): number => fnv1a(homeId) % BOOK_SHARDS;

export const OUTCOME_PREFIX = 'OUTCOME#';
const sequenceKey = (sequence: number): string => String(sequence).padStart(10, '0');

/**
 * The shard a player's bets live in at a table of `shards` shards, and whose gate admits them:
 * FNV-1a of the id's UTF-8 bytes. Stable for a player at a table, so one query reads a player's
 * open bets there.
 */
export function shardOf(playerId: string, shards: number): number {
  return fnv1a(playerId) % shards;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** A new bet's key: its shard (two digits at least), then a unique id (`07-<uuid>`, `311-<uuid>`), so its id alone finds its item. */
export const newBetKey = (playerId: string, shards: number, uniqueId: string): string =>
  `${String(shardOf(playerId, shards)).padStart(2, '0')}-${uniqueId}`;

const BET_KEY_SHARD = /^(\d{2,3})-/;

export function shardOfBetKey(key: string): number {
  const digits = BET_KEY_SHARD.exec(key)?.[1];
  const shard = Number(digits);
  if (digits === undefined || (digits.length === 3 && digits[0] === '0') || shard >= MAX_BET_SHARDS)
    throw new Error(`not a bet key: ${key}`);
  return shard;
}

/**
 * The `layout` index's sort key of a player's open bet: the player first (length-prefixed, so no
 * id is a prefix of another's), so that `begins_with(layoutPrefix(p))` finds exactly p's bets.
 */
export const layoutPrefix = (playerId: string): string => `${playerId.length}:${playerId}#`;
export const layoutSk = (playerId: string, key: string): string => `${layoutPrefix(playerId)}${key}`;

/**
 * A bet's public id carries its table and its key (which carries its shard), so that a bet is
 * read with one GetItem, open or decided: `<tableId>.<betKey>`.
 */
export function betId(tableId: string, key: string): string {
  return `${tableId}.${key}`;
}

/** A round's public id: its table and its sequence, `<tableId>.<sequence>` (no bet id has that form). */
/**
 * A player's id: a partner's player is `<partner>/<subject>`, the house's own player its token
 * subject. Neither a subject nor a partner has a `/`, so two partners' players never share an id.
 */
export const playerIdOf = (subject: string, partner?: string): string => (partner === undefined ? subject : `${partner}/${subject}`);

/**
 * The partner whose players are demo play's (docs/LAUNCH.md, "Demo play"): `demo/<id>`, one per
 * demo launch, never a real partner's (no partner may be configured under this id), so they play
 * from accounts of play chips, never from a wallet, and are in no partner's activity feed.
 */
export const DEMO_PARTNER = 'demo';

/** The partner a player (or a dealer, an operator) belongs to; undefined for the house's own. */
export function partnerOfPlayer(playerId: string): string | undefined {
  const slash = playerId.indexOf('/');
  return slash > 0 ? playerId.slice(0, slash) : undefined;
}

/** Where every account of a partner's players begins: their journals' partitions. */
export const partnerAccountsPrefix = (partner: string): string => `${accountKey(`${partner}/`).pk}`;

export const roundId = (tableId: string, sequence: number): string => `${tableId}.${sequence}`;

export function parseRoundId(id: string): { tableId: string; sequence: number } | undefined {
  const dot = id.lastIndexOf('.');
  const sequence = dot > 0 && /^[1-9][0-9]{0,9}$/.test(id.slice(dot + 1)) ? Number(id.slice(dot + 1)) : NaN;
  return Number.isSafeInteger(sequence) ? { tableId: id.slice(0, dot), sequence } : undefined;
}

export function parseBetId(id: string): { tableId: string; betKey: string } | undefined {
  const dot = id.lastIndexOf('.');
  if (dot <= 0 || dot === id.length - 1) return undefined;
  const parsed = { tableId: id.slice(0, dot), betKey: id.slice(dot + 1) };
  try {
    shardOfBetKey(parsed.betKey);
  } catch {
    return undefined;
  }
  return parsed;
}
