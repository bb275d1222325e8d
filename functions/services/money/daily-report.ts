import { protectionRefusalsOfDay } from '../protection/refusals';
import { bookPage, type JournalRecord, type Leg } from '../../store/money/ledger';
import type { BetType } from '../../store/betting/bet-records';
import { assertCurrency, isCalendarDay } from '../kernel/request-checks';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { reportScope } from '../tables/tenancy';

/**
 * An operator's report of one day (UTC) in one currency, summed from that day's journals: per
 * table and bet type, what was staked and returned and the house's result; the cashier's
 * deposits and withdrawals; each jackpot pool's seed, contributions, prizes and reseeds. The
 * house's result at a table is the sum of the house's legs there (stakes in; returns,
 * contributions and reseeds out); by bet type, what its stakes brought in less what its bets
 * returned. Reads the day's whole book (its index, eventually consistent): for the day after.
 * A partner's operator's report covers the journals of its own players only: their stakes,
 * returns, jackpot prizes and cash, and the house's side of those (pool seeds and the round's
 * jackpot contributions are the house's, in the house's report only).
 * Every sum is exact (a BigInt, rules/money.ts): a busy day's totals may pass 2^53.
 */

export interface DailyReport {
  /** The partner whose players the report covers; undefined: the whole house. */
  readonly partner?: string;
  readonly currency: string;
  readonly day: string;
  readonly journals: number;
  readonly houseResult: bigint;
  readonly tables: readonly TableDay[];
  readonly cashier: CashierDay;
  readonly pools: readonly PoolDay[];
  /** Bets and deposits player protection refused that day, by reason (every currency's). */
  readonly protectionRefusals: readonly { readonly reason: string; readonly count: number }[];
}

export interface TableDay {
  readonly tableId: string;
  readonly staked: bigint;
  readonly returned: bigint;
  readonly houseResult: bigint;
  readonly byBetType: readonly BetTypeDay[];
}

export interface BetTypeDay {
  readonly betType: BetType;
  /** Bets placed (stakes journalled) that day. */
  readonly bets: number;
  readonly staked: bigint;
  /** Stakes and winnings paid back: wins, pushes, take-downs, voids. */
  readonly returned: bigint;
  readonly houseResult: bigint;
}

export interface CashierDay {
  readonly deposits: bigint;
  readonly depositCount: number;
  readonly withdrawals: bigint;
  readonly withdrawalCount: number;
}

export interface PoolDay {
  readonly poolId: string;
  readonly seeded: bigint;
  readonly contributions: bigint;
  readonly prizes: bigint;
  readonly reseeds: bigint;
}

interface BetTypeSums {
  bets: number;
  staked: bigint;
  returned: bigint;
}

/** Journals read per page of the book while summing a day. */
const PAGE = 1_000;

export async function dailyReport(deps: ServiceDependencies, caller: Caller, currency: string, day: string): Promise<DailyReport> {
  assertCurrency(currency);
  if (!isCalendarDay(day)) {
    throw new ServiceError('BAD_USER_INPUT', 'day must be a day of the calendar, YYYY-MM-DD (UTC).');
  }
  const partner = reportScope(caller);
  const journals = await journalsOfDay(deps, currency, day, partner);

  const tables = new Map<string, { houseResult: bigint; byType: Map<BetType, BetTypeSums> }>();
  const tableOf = (id: string) => tables.get(id) ?? tables.set(id, { houseResult: 0n, byType: new Map() }).get(id)!;
  const typeOf = (tableId: string, type: BetType) => {
    const byType = tableOf(tableId).byType;
    return byType.get(type) ?? byType.set(type, { bets: 0, staked: 0n, returned: 0n }).get(type)!;
  };
  const cashier = { deposits: 0n, depositCount: 0, withdrawals: 0n, withdrawalCount: 0 };
  const pools = new Map<string, { seeded: bigint; contributions: bigint; prizes: bigint; reseeds: bigint }>();
  const poolOf = (id: string) => pools.get(id) ?? pools.set(id, { seeded: 0n, contributions: 0n, prizes: 0n, reseeds: 0n }).get(id)!;
  let houseResult = 0n;

  for (const journal of journals) {
    for (const leg of journal.legs) {
      const { account } = leg;
      const amount = BigInt(leg.amount);
      if (account.kind === 'HOUSE') {
        houseResult += amount;
        if (account.id !== undefined) tableOf(account.id).houseResult += amount;
      }
      if (account.kind === 'PLAYER') countPlayerLeg(leg, journal, typeOf);
      if (account.kind === 'POOL') {
        const pool = poolOf(account.id!);
        if (leg.type === 'POOL_SEED') pool.seeded += amount;
        if (leg.type === 'JACKPOT_CONTRIBUTION') pool.contributions += amount;
        if (leg.type === 'POOL_RESEED') pool.reseeds += amount;
        if (leg.type === 'JACKPOT_PRIZE') pool.prizes -= amount;
      }
    }
    if (journal.kind === 'DEPOSIT' || journal.kind === 'WITHDRAWAL') {
      const amount = BigInt(journal.legs.find((leg) => leg.account.kind === 'PLAYER')!.amount);
      if (journal.kind === 'DEPOSIT') {
        cashier.deposits += amount;
        cashier.depositCount += 1;
      } else {
        cashier.withdrawals -= amount;
        cashier.withdrawalCount += 1;
      }
    }
  }

  return {
    ...(partner !== undefined ? { partner } : {}),
    currency,
    day,
    journals: journals.length,
    houseResult,
    tables: [...tables]
      .map(([tableId, table]) => {
        const byBetType = [...table.byType]
          .map(([betType, sums]) => ({ betType, ...sums, houseResult: sums.staked - sums.returned }))
          .sort((a, b) => a.betType.localeCompare(b.betType));
        const staked = byBetType.reduce((sum, type) => sum + type.staked, 0n);
        const returned = byBetType.reduce((sum, type) => sum + type.returned, 0n);
        return { tableId, staked, returned, houseResult: table.houseResult, byBetType };
      })
      .sort((a, b) => a.tableId.localeCompare(b.tableId)),
    cashier,
    pools: [...pools].map(([poolId, pool]) => ({ poolId, ...pool })).sort((a, b) => a.poolId.localeCompare(b.poolId)),
    protectionRefusals: await protectionRefusalsOfDay(deps, day, partner),
  };
}

/** A player's leg at a table: a stake (out of their account) or a return (into it), by bet type. */
function countPlayerLeg(leg: Leg, journal: JournalRecord, typeOf: (tableId: string, type: BetType) => BetTypeSums): void {
  const tableId = journal.cause.tableId;
  if (tableId === undefined || leg.betType === undefined) return;
  const sums = typeOf(tableId, leg.betType);
  if (leg.type === 'STAKE') {
    sums.bets += 1;
    sums.staked -= BigInt(leg.amount);
  } else if (leg.type === 'WIN' || leg.type === 'PUSH_RETURN' || leg.type === 'TAKE_DOWN' || leg.type === 'VOID_REFUND') {
    sums.returned += BigInt(leg.amount);
  }
}

async function journalsOfDay(
  deps: ServiceDependencies,
  currency: string,
  day: string,
  partner: string | undefined,
): Promise<JournalRecord[]> {
  const journals: JournalRecord[] = [];
  let belowSk = `${day}T23:59:59.999Z#\uffff`;
  for (;;) {
    const page = await bookPage(deps.db, currency, {
      kinds: ['DEPOSIT', 'WITHDRAWAL', 'STAKE', 'TAKE_DOWN', 'PAYOUT', 'VOID_REFUND', 'JACKPOT', 'JACKPOT_PRIZE', 'POOL_SEED'],
      fromSk: `${day}T00:00:00.000Z`,
      belowSk,
      limit: PAGE,
      ...(partner !== undefined ? { partner } : {}),
    });
    journals.push(...page.journals);
    if (!page.hasMore) return journals;
    const last = page.journals.at(-1)!;
    belowSk = `${last.at}#${last.id}`;
  }
}
