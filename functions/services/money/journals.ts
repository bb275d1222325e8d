import type { JournalRecord, Leg, LegType } from '../../store/money/ledger';
import type { BetRecord } from '../../store/betting/bet-records';
import type { CashMovementRecord } from '../../store/money/account-records';
import type { JackpotPayoutRecord } from '../../store/rounds/outcome-records';
import type { JackpotPoolRecord } from '../../store/rounds/jackpot-pool-record';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';

/**
 * The journal of each kind of money movement (store/money/ledger.ts): pure functions, so what each
 * movement journals is stated once and tested on its own. The house's side of a bet is the
 * book of the table the bet is at; its side of a pool's seed, the house's general book.
 */

const player = (id: string) => ({ kind: 'PLAYER', id }) as const;
/** Where a bet's money comes from and goes back to: the player's account, or their partner's seamless wallet. */
const holder = (id: string, seamless: boolean | undefined) => (seamless ? ({ kind: 'WALLET', id } as const) : player(id));
const house = (tableId?: string) => (tableId === undefined ? ({ kind: 'HOUSE' } as const) : ({ kind: 'HOUSE', id: tableId } as const));
const pool = (id: string) => ({ kind: 'POOL', id }) as const;
const CASHIER = { kind: 'CASHIER' } as const;
/** The leg a bet's return is journalled as, by what decided it. */
const LEG_OF: Record<'WIN' | 'PUSH' | 'VOID', LegType> = { WIN: 'WIN', PUSH: 'PUSH_RETURN', VOID: 'VOID_REFUND' };

/** A stake leaves the player (their account, or their seamless wallet once it confirmed the debit) for the house's book at the table. */
export function stakeJournal(bet: BetRecord, currency: string, actor: string): JournalRecord {
  return {
    id: `STAKE:${bet.id}`,
    kind: 'STAKE',
    currency,
    at: bet.placedAt,
    actor,
    cause: { tableId: bet.tableId, round: bet.round, betId: bet.id },
    legs: [
      { account: holder(bet.playerId, bet.seamless), amount: -bet.amount, type: 'STAKE', betId: bet.id, betType: bet.type },
      { account: house(bet.tableId), amount: bet.amount, type: 'STAKE', betId: bet.id, betType: bet.type },
    ],
  };
}

/** A bet taken down: its stake back from the house. */
export function takeDownJournal(bet: BetRecord, currency: string, actor: string, at: string): JournalRecord {
  return {
    id: `TAKE_DOWN:${bet.id}`,
    kind: 'TAKE_DOWN',
    currency,
    at,
    actor,
    cause: { tableId: bet.tableId, round: bet.round, betId: bet.id },
    legs: [
      { account: house(bet.tableId), amount: -bet.amount, type: 'TAKE_DOWN', betId: bet.id, betType: bet.type },
      { account: holder(bet.playerId, bet.seamless), amount: bet.amount, type: 'TAKE_DOWN', betId: bet.id, betType: bet.type },
    ],
  };
}

/**
 * One credit of a player's bets decided by an outcome (one settlement unit): a leg per bet that
 * returns money (a win: stake and winnings; a push: the stake), and the house's book at the
 * table pays their sum, into the player's account or (seamless bets: a unit is of one kind or
 * the other) their wallet. Undefined when nothing is returned (every bet lost or moved).
 */
export function payoutJournal(
  tableId: string,
  round: number,
  playerId: string,
  entries: readonly PlannedSettlement[],
  currency: string,
  at: string,
  part = 0,
): JournalRecord | undefined {
  const legs: Leg[] = entries
    .filter((entry) => entry.returned > 0)
    .map((entry) => ({
      account: holder(playerId, entry.seamless),
      amount: entry.returned,
      type: LEG_OF[entry.resolution.outcome as 'WIN' | 'PUSH' | 'VOID'] ?? 'WIN',
      betId: entry.betId,
      ...(entry.betType ? { betType: entry.betType } : {}),
    }));
  if (legs.length === 0) return undefined;
  const total = legs.reduce((sum, leg) => sum + leg.amount, 0);
  const voided = legs.every((leg) => leg.type === 'VOID_REFUND');
  return {
    id: `${voided ? 'VOID_REFUND' : 'PAYOUT'}:${tableId}:${round}:${playerId}:${part}`,
    kind: voided ? 'VOID_REFUND' : 'PAYOUT',
    currency,
    at,
    actor: 'settlement',
    cause: { tableId, round },
    legs: [...legs, { account: house(tableId), amount: -total, type: voided ? 'VOID_REFUND' : 'WIN' }],
  };
}

/** A deposit comes in through the cashier; a withdrawal goes out through it. */
export function cashJournal(movement: CashMovementRecord): JournalRecord {
  const { currency, actor } = movement;
  const into = movement.kind === 'DEPOSIT' ? movement.amount : -movement.amount;
  return {
    id: `CASH:${movement.playerId}:${movement.reference}`,
    kind: movement.kind,
    currency,
    at: movement.at,
    actor,
    cause: { reference: movement.reference },
    legs: [
      { account: player(movement.playerId), amount: into, type: movement.kind },
      { account: CASHIER, amount: -into, type: movement.kind },
    ],
  };
}

/** A new pool starts from its seed, house money from the house's general book. */
export function poolSeedJournal(created: JackpotPoolRecord, actor: string): JournalRecord {
  return {
    id: `POOL_SEED:${created.id}`,
    kind: 'POOL_SEED',
    currency: created.currency,
    at: created.createdAt,
    actor,
    cause: { poolId: created.id },
    legs: [
      { account: house(), amount: -created.amount, type: 'POOL_SEED' },
      { account: pool(created.id), amount: created.amount, type: 'POOL_SEED' },
    ],
  };
}

/** A jackpot bettor, and the bet of theirs that carries their share of a prize. */
export interface ShareHolder {
  readonly playerId: string;
  readonly betId: string;
  /** The bet was staked from the player's seamless wallet: the prize goes there. */
  readonly seamless?: boolean;
}

/**
 * A round's jackpot: the round's contributions from the table's book into the pool and, after a
 * whole-pool prize, the reseed from the table's book (kept in the pool's partition); and each
 * share of the prize out of the pool, one journal per player (kept in the player's), whose legs
 * name each jackpot bet of theirs that holds a share.
 */
export function jackpotJournals(
  tableId: string,
  round: number,
  poolId: string,
  currency: string,
  holders: readonly ShareHolder[],
  payout: JackpotPayoutRecord,
  contributions: number,
  at: string,
): JournalRecord[] {
  const cause = { tableId, round, poolId };
  const poolLegs: Leg[] = [];
  if (contributions > 0) {
    poolLegs.push(
      { account: house(tableId), amount: -contributions, type: 'JACKPOT_CONTRIBUTION' },
      { account: pool(poolId), amount: contributions, type: 'JACKPOT_CONTRIBUTION' },
    );
  }
  if (payout.reseeded > 0) {
    poolLegs.push(
      { account: house(tableId), amount: -payout.reseeded, type: 'POOL_RESEED' },
      { account: pool(poolId), amount: payout.reseeded, type: 'POOL_RESEED' },
    );
  }
  const journals: JournalRecord[] = [];
  if (poolLegs.length > 0)
    journals.push({ id: `JACKPOT:${tableId}:${round}`, kind: 'JACKPOT', currency, at, actor: 'settlement', cause, legs: poolLegs });
  if (payout.share > 0) {
    // One journal per player (their account is credited once), one pair of legs per share they hold.
    const betsOf = new Map<string, string[]>();
    // Each share goes where its bet's stake came from: the player's account, or their seamless wallet.
    const seamless = new Set(holders.filter((holder) => holder.seamless).map((holder) => holder.betId));
    for (const { playerId, betId } of holders) betsOf.set(playerId, [...(betsOf.get(playerId) ?? []), betId]);
    for (const [bettor, betIds] of betsOf) {
      journals.push({
        id: `JACKPOT_PRIZE:${tableId}:${round}:${bettor}`,
        kind: 'JACKPOT_PRIZE',
        currency,
        at,
        actor: 'settlement',
        cause,
        legs: betIds.flatMap((betId): Leg[] => [
          { account: pool(poolId), amount: -payout.share, type: 'JACKPOT_PRIZE' },
          { account: holder(bettor, seamless.has(betId)), amount: payout.share, type: 'JACKPOT_PRIZE', betId, betType: 'JACKPOT' },
        ]),
      });
    }
  }
  return journals;
}
