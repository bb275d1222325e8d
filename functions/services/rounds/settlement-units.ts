import type { JournalRecord } from '../../store/money/ledger';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';
import { parseBetId, shardOfBetKey } from '../../store/kernel/keys';
import { stillOpen } from '../../store/rounds/bet-decisions';
import { listedInRound } from '../../store/wallet/wallet-rounds';
import { payoutJournal } from '../money/journals';
import type { StoredWalletCall, WalletCallRecord } from '../../store/wallet/wallet-calls';
import { creditOf, payoutTransactionId, rollbackOfStake, VERSION_1_TERMS, type Contract, type WalletTerms } from '../wallet/wallet-calls';

/**
 * How a round's plan is paid, worked out without the store: the plan cut into player units, the
 * units in waves, the waves packed into transactions. Pure: unit-tested on its own
 * (test/services/rounds/settlement-units.test.ts); the settlement job sends what it makes.
 */

/** DynamoDB's most items in one transaction. */
export const ITEMS_PER_TRANSACTION = 100;
const HALF_TRANSACTION = ITEMS_PER_TRANSACTION / 2;
/** A unit's bets, beside its credit and its journal: two units always fill a transaction. */
export const BETS_PER_UNIT = HALF_TRANSACTION - 2;
/** A seamless unit's bets: each may bring a rollback beside it (a voided round), with the journal, the credit and its listing in the round. */
export const SEAMLESS_BETS_PER_UNIT = HALF_TRANSACTION / 2 - 2;

/**
 * A player's part of the plan, as one transaction unit: every bet of theirs the plan decides or
 * moves, one credit of everything it returns them with its journal (none when nothing returns),
 * and the reserves their decided bets let go (rules/money.ts), so that a player is paid (and the
 * payment journalled) exactly when their bets are decided. A player with more bets than fit half
 * a transaction (a table may allow up to 99 each) has them in several units (`part` 0, 1...),
 * each with its own credit.
 */
export interface SettlementUnit {
  readonly playerId: string;
  readonly part: number;
  readonly entries: readonly PlannedSettlement[];
  /** What the unit credits the player: the sum of what its entries return. */
  readonly credit: number;
  /** The journal of the credit; undefined when nothing returns (every bet lost or moved). */
  readonly journal: JournalRecord | undefined;
  /** What the unit's decided bets let go of the player's exposure. */
  readonly released: number;
  /**
   * Seamless bets (their stakes came from the partner's wallet): the credit that closes the
   * player's round there (0 when nothing came back), and the rollbacks of the debits of a voided
   * round's bets (docs/WALLET.md). A player's seamless and account bets are in separate units.
   */
  readonly wallet?: { readonly credit?: WalletCallRecord; readonly rollbacks: readonly StoredWalletCall[] };
}

/**
 * The items a unit writes in its transaction: its bets, and its player's account with the journal
 * (or the account alone, for a release); a seamless unit, its journal, its credit (and, version 2,
 * the credit's listing in the player's round) and its rollbacks.
 */
export const unitItems = (unit: SettlementUnit): number =>
  unit.entries.length +
  (unit.wallet
    ? (unit.journal ? 1 : 0) + (unit.wallet.credit ? 1 + (listedInRound(unit.wallet.credit) ? 1 : 0) : 0) + unit.wallet.rollbacks.length
    : unit.journal
      ? 2
      : unit.released > 0
        ? 1
        : 0);

/**
 * The plan's units, in waves: every player's first unit, then the second units of those with two,
 * so that no two transactions in flight at once credit one account.
 */
export function settlementWaves(
  outcome: OutcomeRecord,
  plan: readonly PlannedSettlement[],
  settledAt: string,
  /** What each seamless player's calls say beyond their bets (wallet-terms.ts, walletTermsOf). */
  terms: Partial<WalletTerms> = {},
): SettlementUnit[][] {
  const { contractOf, sessionOf, roundDetailsOf } = { ...VERSION_1_TERMS, ...terms };
  // A player's seamless bets (paid to their wallet) and account bets are paid apart; parts are numbered across both.
  const byPlayer = new Map<string, { seamless: PlannedSettlement[]; account: PlannedSettlement[] }>();
  for (const entry of plan) {
    const mine = byPlayer.get(entry.playerId) ?? byPlayer.set(entry.playerId, { seamless: [], account: [] }).get(entry.playerId)!;
    (entry.seamless ? mine.seamless : mine.account).push(entry);
  }
  const waves: SettlementUnit[][] = [];
  for (const [playerId, { seamless, account }] of byPlayer) {
    let part = 0;
    for (const [entries, size] of [
      [account, BETS_PER_UNIT],
      [seamless, SEAMLESS_BETS_PER_UNIT],
    ] as const) {
      for (let i = 0; i < entries.length; i += size, part++) {
        const mine = entries.slice(i, i + size);
        (waves[part] ??= []).push({
          playerId,
          part,
          entries: mine,
          credit: mine.reduce((sum, entry) => sum + entry.returned, 0),
          journal: payoutJournal(outcome.tableId, outcome.sequence, playerId, mine, outcome.currency, settledAt, part),
          released: mine.reduce((sum, entry) => sum + (entry.released ?? 0), 0),
          ...(entries === seamless
            ? {
                wallet: walletPayment(outcome, playerId, mine, settledAt, part, {
                  contract: contractOf(playerId),
                  sessionToken: sessionOf(playerId),
                  roundDetailsUrl: roundDetailsOf(outcome.tableId, outcome.sequence, playerId),
                  // Version 2: the player's last seamless unit carries the credit that ends their round, if any call was theirs in it.
                  closing: i + size >= entries.length && endsRound(entries),
                }),
              }
            : {}),
        });
      }
    }
  }
  return waves;
}

/** Units packed into transactions of at most ITEMS_PER_TRANSACTION items: first fit, largest first (near the least number of transactions). */
export function packed(units: readonly SettlementUnit[]): SettlementUnit[][] {
  const batches: { units: SettlementUnit[]; items: number }[] = [];
  for (const unit of [...units].sort((a, b) => unitItems(b) - unitItems(a))) {
    const fits = batches.find((batch) => batch.items + unitItems(unit) <= ITEMS_PER_TRANSACTION);
    if (fits) {
      fits.units.push(unit);
      fits.items += unitItems(unit);
    } else batches.push({ units: [unit], items: unitItems(unit) });
  }
  return batches.map((batch) => batch.units);
}

/** How many bets the plan decides in each gate shard (a bet that moves stays open). */
export function decidedPerShard(plan: readonly PlannedSettlement[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const entry of plan) {
    if (stillOpen(entry)) continue;
    const shard = shardOfBetKey(parseBetId(entry.betId)!.betKey);
    counts.set(shard, (counts.get(shard) ?? 0) + 1);
  }
  return counts;
}

/** Plan entries a part of a settlement pays at most, roughly: a round of more is paid in several parts at once. */
export const ENTRIES_PER_PART = 1_000;
/** The most parts a round is paid in: the most workers paying one round at once. */
export const MAX_PARTS = 16;

/**
 * How many parts a round of `entries` plan entries at a table of `betShards` gate shards is paid
 * in: one per `entriesPerPart` entries (ENTRIES_PER_PART unless the services are given another: a
 * test's), at most MAX_PARTS and at most one per shard (a part is a group of shards: partOf), at
 * least one.
 */
export const partsFor = (entries: number, betShards: number, entriesPerPart: number = ENTRIES_PER_PART): number =>
  Math.max(1, Math.min(MAX_PARTS, betShards, Math.ceil(entries / entriesPerPart)));

/**
 * The part of a settlement that pays bets of gate shard `shard`: shards are dealt round the parts.
 * A player's bets all sit in their shard, so a player is paid by one part only: no two parts credit
 * one account, and each part counts its own shards' decided bets out.
 */
export const partOf = (shard: number, parts: number): number => shard % parts;

/** The plan entries part `part` of `parts` pays. */
export const entriesOfPart = (plan: readonly PlannedSettlement[], part: number, parts: number): PlannedSettlement[] =>
  plan.filter((entry) => partOf(shardOfBetKey(parseBetId(entry.betId)!.betKey), parts) === part);

/**
 * How a seamless unit is paid in the partner's wallet: one credit of what its decided bets
 * returned, and the rollbacks of the debits of bets voided in their own round.
 * - Version 1: the credit (0 when nothing came back) closes the player's round; there is none
 *   when the unit decided nothing else and closes no round (its bets, all placed for earlier rolls, moved).
 * - Version 2: only the player's last unit's credit ends the round (`roundClosed`), sent once
 *   their other calls of the round are done; an earlier unit's credit, if it pays anything, does not.
 */
function walletPayment(
  outcome: OutcomeRecord,
  playerId: string,
  entries: readonly PlannedSettlement[],
  settledAt: string,
  part: number,
  {
    contract,
    closing,
    sessionToken,
    roundDetailsUrl,
  }: { contract: Contract; closing: boolean; sessionToken: string | undefined; roundDetailsUrl: string | undefined },
): NonNullable<SettlementUnit['wallet']> {
  const credited = entries.filter(paidNow);
  const rollbacks = entries
    .filter((entry) => entry.rollback)
    .map((entry) =>
      rollbackOfStake({
        betId: entry.betId,
        playerId,
        amount: entry.returned,
        currency: outcome.currency,
        tableId: outcome.tableId,
        round: outcome.sequence,
        contract,
        sessionToken,
      }),
    );
  const credits = contract >= 2 ? credited.length > 0 || closing : credited.length > 0 || entries.some((entry) => entry.closesRound);
  if (!credits) return { rollbacks };
  const credit = creditOf(
    payoutTransactionId(outcome.tableId, outcome.sequence, playerId, part),
    playerId,
    {
      amount: credited.reduce((sum, entry) => sum + entry.returned, 0),
      currency: outcome.currency,
      tableId: outcome.tableId,
      sequence: outcome.sequence,
      betIds: credited.map((entry) => entry.betId),
      kind: 'ROUND_RESULT',
      closesRound: closing,
      sessionToken,
      roundDetailsUrl,
    },
    settledAt,
    contract,
  );
  return { credit, rollbacks };
}

/** A bet the roll pays now: decided, not given back by a rollback. A bet that moved (a come bet to its number) or stays is credited by the roll that decides it. */
const paidNow = (entry: PlannedSettlement): boolean => !entry.rollback && !stillOpen(entry);

/** Version 2: whether the player's seamless entries of the outcome make a round at their wallet that a credit must end. */
const endsRound = (entries: readonly PlannedSettlement[]): boolean =>
  entries.some((entry) => paidNow(entry) || entry.rollback || entry.closesRound);
