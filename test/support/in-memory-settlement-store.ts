/**
 * The settlement job's port (functions/services/rounds/settlement-store.ts) kept in memory, with
 * the conditions DynamoDB's adapter writes under (a bet decided or moved only while open and
 * once, a unit all or nothing, the lease held by one owner until it expires) and faults to
 * inject: races, a crash after so many transactions. For the job's resume logic, without a
 * database; DynamoDB Local runs the adapter's own tests.
 */
import type { SettlementStore } from '../../functions/services/rounds/settlement-store';
import type { SettlementUnit } from '../../functions/services/rounds/settlement-units';
import type { BetRecord } from '../../functions/store/betting/bet-records';
import type { OutcomeRecord } from '../../functions/store/rounds/outcome-records';
import type { PlannedSettlement } from '../../functions/store/rounds/planned-settlement';
import type { JournalRecord } from '../../functions/store/money/ledger';
import { betAfterSettlement } from '../../functions/store/rounds/bet-decisions';

export class InMemorySettlementStore implements SettlementStore {
  readonly bets = new Map<string, BetRecord>();
  readonly balances = new Map<string, number>();
  readonly exposures = new Map<string, number>();
  readonly journals: JournalRecord[] = [];
  /** Decided bets counted out of each shard, per outcome (once each). */
  readonly countedOut = new Map<string, number>();
  /** Each part being paid: who holds it, until when. */
  readonly leases = new Map<number, { owner: string; until: number }>();
  /** The parts paid. */
  readonly done = new Set<number>();
  finished = false;
  /** Transactions applied, in all. */
  commits = 0;
  /** Faults: the next `races` commits lose a race; the commit after `crashAfter` more throws, as a process dying would. */
  faults: { races: number; crashAfter: number | undefined } = { races: 0, crashAfter: undefined };

  constructor(
    private readonly recorded: OutcomeRecord,
    private readonly planned: readonly PlannedSettlement[],
    bets: readonly BetRecord[],
  ) {
    for (const bet of bets) {
      this.bets.set(bet.id, bet);
      this.balances.set(bet.playerId, 0);
      this.exposures.set(bet.playerId, (this.exposures.get(bet.playerId) ?? 0) + (bet.reserve ?? 0));
    }
  }

  get parts(): number {
    return this.recorded.planned?.parts ?? 1;
  }

  async job() {
    return this.finished ? undefined : { sequence: this.recorded.sequence, parts: this.parts, done: new Set(this.done) };
  }

  async claim(_: string, sequence: number, part: number, owner: string, nowMs: number, untilMs: number) {
    if (this.finished || sequence !== this.recorded.sequence || this.done.has(part)) return 'DONE' as const;
    const lease = this.leases.get(part);
    if (lease && lease.owner !== owner && lease.until >= nowMs) return 'HELD' as const;
    this.leases.set(part, { owner, until: untilMs });
    return 'CLAIMED' as const;
  }

  async release(_: string, __: number, part: number, owner: string) {
    if (this.leases.get(part)?.owner === owner) this.leases.delete(part);
  }

  async complete(_: string, __: number, part: number, owner: string) {
    if (this.leases.get(part)?.owner !== owner) return undefined;
    this.leases.delete(part);
    this.done.add(part);
    return this.parts - this.done.size;
  }

  async outcome() {
    return this.finished ? { ...this.recorded, settledAt: 'then' } : this.recorded;
  }

  async plan() {
    return [...this.planned];
  }

  async countOutDecided(_: string, shard: number, sequence: number, decided: number) {
    const key = `${sequence}:${shard}`;
    if (!this.countedOut.has(key)) this.countedOut.set(key, decided);
  }

  async commit(units: readonly SettlementUnit[], sequence: number, settledAt: string) {
    if (this.faults.races > 0) {
      this.faults.races--;
      return 'RACED' as const;
    }
    if (this.faults.crashAfter !== undefined && this.faults.crashAfter-- <= 0) {
      // Once: the process that died is gone, the next runner's is not.
      this.faults.crashAfter = undefined;
      throw new Error('the process died');
    }
    const entries = units.flatMap((unit) => unit.entries);
    const open = (entry: PlannedSettlement) => {
      const bet = this.bets.get(entry.betId);
      if (!bet || bet.status !== 'OPEN') return false;
      return entry.resolution.outcome !== 'MOVED' || (bet.lastOutcome ?? 0) < sequence;
    };
    if (!entries.every(open)) return 'CONDITION_FAILED' as const;
    for (const entry of entries) this.bets.set(entry.betId, betAfterSettlement(this.bets.get(entry.betId)!, entry, sequence, settledAt));
    for (const unit of units) {
      this.balances.set(unit.playerId, (this.balances.get(unit.playerId) ?? 0) + unit.credit);
      this.exposures.set(unit.playerId, (this.exposures.get(unit.playerId) ?? 0) - unit.released);
      if (unit.journal) this.journals.push(unit.journal);
    }
    this.commits++;
    return 'APPLIED' as const;
  }

  async betsTogether(ids: readonly string[]) {
    return ids.flatMap((id) => (this.bets.has(id) ? [this.bets.get(id)!] : []));
  }

  async finish() {
    this.finished = true;
    this.leases.clear();
  }
}
