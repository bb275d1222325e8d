/**
 * How a round's plan is cut and packed for payment (pure, no database): every entry paid in
 * exactly one unit, a player's units in different waves (no two transactions in flight credit
 * one account), no transaction past DynamoDB's 100 items, and each unit's credit and release the
 * sums of its entries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BETS_PER_UNIT,
  SEAMLESS_BETS_PER_UNIT,
  ENTRIES_PER_PART,
  ITEMS_PER_TRANSACTION,
  MAX_PARTS,
  decidedPerShard,
  entriesOfPart,
  packed,
  partsFor,
  settlementWaves,
  unitItems,
} from '../../../functions/services/rounds/settlement-units';
import { betId, newBetKey, shardOfBetKey } from '../../../functions/store/kernel/keys';
import type { OutcomeRecord } from '../../../functions/store/rounds/outcome-records';
import type { PlannedSettlement } from '../../../functions/store/rounds/planned-settlement';

const OUTCOME = { kind: 'ROLL', tableId: 't', currency: 'MOP', sequence: 3 } as OutcomeRecord;
const AT = '2026-12-01T10:00:00.000Z';

const entry = fc
  .record({
    player: fc.integer({ min: 0, max: 30 }),
    outcome: fc.constantFrom('WIN', 'LOSE', 'PUSH', 'MOVED', 'VOID', 'STAYS'),
    amount: fc.integer({ min: 1, max: 10_000 }),
    id: fc.uuid(),
    placedForThisRoll: fc.boolean(),
  })
  .map(({ player, outcome, amount, id, placedForThisRoll }): PlannedSettlement => {
    // One player in three is a seamless partner's (their bets paid to their wallet); a void of such a bet's own round rolls its debit back.
    // Only such a player's bets staked for this roll are in a plan as STAYS; theirs and a come bet of the roll that moves close their round.
    const seamless = player % 3 === 0 || outcome === 'STAYS';
    const closesRound = seamless && (outcome === 'STAYS' || (outcome === 'MOVED' && placedForThisRoll));
    const playerId = seamless ? `x/p${player}` : `p${player}`;
    const resolution: PlannedSettlement['resolution'] =
      outcome === 'WIN'
        ? { outcome, winnings: amount }
        : outcome === 'MOVED'
          ? { outcome, number: 6 }
          : { outcome: outcome as 'LOSE' | 'PUSH' | 'VOID' | 'STAYS' };
    const returned = outcome === 'WIN' ? 2 * amount : outcome === 'PUSH' || outcome === 'VOID' ? amount : 0;
    return {
      betId: betId('t', newBetKey(playerId, 8, id)),
      playerId,
      resolution,
      returned,
      released: seamless || outcome === 'MOVED' ? 0 : amount * 31,
      ...(seamless ? { seamless: true, ...(outcome === 'VOID' && id < '8' ? { rollback: true } : {}) } : {}),
      ...(closesRound ? { closesRound: true } : {}),
    };
  });
const plans = fc.array(entry, { maxLength: 400 });

describe("a round's plan, cut into units", () => {
  it("pays a seamless player's unit by one credit of what its decided bets returned, 0 included (also when it only closes the player's round), and rolls back the debits of bets voided in their own round", () => {
    fc.assert(
      fc.property(plans, (plan) => {
        for (const unit of settlementWaves(OUTCOME, plan, AT).flat()) {
          if (!unit.wallet) continue;
          const rolledBack = unit.entries.filter((e) => e.rollback);
          // A bet that moved or stays is still open: the roll that decides it credits it.
          const credited = unit.entries.filter((e) => !e.rollback && e.resolution.outcome !== 'MOVED' && e.resolution.outcome !== 'STAYS');
          expect(unit.wallet.rollbacks.map((call) => call.rolledBackTransactionId)).toEqual(rolledBack.map((e) => `STAKE:${e.betId}`));
          expect(unit.wallet.rollbacks.map((call) => call.amount)).toEqual(rolledBack.map((e) => e.returned));
          if (credited.length === 0 && !unit.entries.some((e) => e.closesRound)) expect(unit.wallet.credit).toBeUndefined();
          else {
            expect(unit.wallet.credit).toMatchObject({
              kind: 'CREDIT',
              state: 'DUE',
              playerId: unit.playerId,
              amount: credited.reduce((sum, e) => sum + e.returned, 0),
            });
            expect(JSON.parse(unit.wallet.credit!.body).betIds).toEqual(credited.map((e) => e.betId));
          }
          // The ledger moves everything the unit gives back, credit and rollbacks: into the wallet's account.
          expect(unit.journal?.legs.filter((leg) => leg.account.kind === 'WALLET').reduce((sum, leg) => sum + leg.amount, 0) ?? 0).toBe(
            unit.credit,
          );
          expect(unit.journal?.legs.some((leg) => leg.account.kind === 'PLAYER') ?? false).toBe(false);
        }
      }),
    );
  });

  it("closes a seamless player's round whose bets all stay or moved with a credit of 0 naming no bet; bets of earlier rolls that move close nothing", () => {
    const seamlessEntry = (id: string, resolution: PlannedSettlement['resolution'], closesRound: boolean): PlannedSettlement => ({
      betId: betId('t', newBetKey('x/p', 8, id)),
      playerId: 'x/p',
      resolution,
      returned: 0,
      released: 0,
      seamless: true,
      ...(closesRound ? { closesRound: true } : {}),
    });
    const [[closing]] = settlementWaves(
      OUTCOME,
      [seamlessEntry('a', { outcome: 'STAYS' }, true), seamlessEntry('b', { outcome: 'MOVED', number: 6 }, true)],
      AT,
    ) as [[any]];
    expect(closing.wallet.credit).toMatchObject({ amount: 0, kind: 'CREDIT', playerId: 'x/p' });
    expect(closing.wallet.credit.transactionId).toMatch(/^PAYOUT:t\.3:.+:0$/);
    expect(JSON.parse(closing.wallet.credit.body)).toMatchObject({ amount: 0, roundId: 't.3', betIds: [] });
    expect(closing.journal).toBeUndefined();
    const [[earlier]] = settlementWaves(OUTCOME, [seamlessEntry('c', { outcome: 'MOVED', number: 8 }, false)], AT) as [[any]];
    expect(earlier.wallet.credit).toBeUndefined();
  });

  it("version 2: only a player's last unit ends their round, once, and a void is ended by a credit of 0 after its rollbacks", () => {
    const entry = (id: string, resolution: PlannedSettlement['resolution'], extra: Partial<PlannedSettlement> = {}): PlannedSettlement => ({
      betId: betId('t', newBetKey('x/p', 8, id)),
      playerId: 'x/p',
      betType: 'FIELD',
      resolution,
      returned: resolution.outcome === 'WIN' ? 200 : resolution.outcome === 'VOID' ? 100 : 0,
      seamless: true,
      ...extra,
    });
    const many = Array.from({ length: SEAMLESS_BETS_PER_UNIT + 1 }, (_, i) => entry(`w${i}`, { outcome: 'WIN', winnings: 100 }));
    const units = settlementWaves(OUTCOME, many, AT, { contractOf: () => 2 }).flat();
    expect(units.map((unit) => [unit.part, unit.wallet?.credit?.closesRound ?? false])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(units.map((unit) => JSON.parse(unit.wallet!.credit!.body)).map((body) => [body.roundClosed, body.creditKind])).toEqual([
      [false, 'ROUND_RESULT'],
      [true, 'ROUND_RESULT'],
    ]);
    const [[voided]] = settlementWaves(OUTCOME, [entry('v', { outcome: 'VOID' }, { rollback: true })], AT, { contractOf: () => 2 }) as [
      [any],
    ];
    expect(voided.wallet.rollbacks).toHaveLength(1);
    expect(voided.wallet.credit).toMatchObject({ amount: 0, closesRound: true });
    // Version 1: the void's rollback alone.
    const [[voidedV1]] = settlementWaves(OUTCOME, [entry('v', { outcome: 'VOID' }, { rollback: true })], AT, { contractOf: () => 1 }) as [
      [any],
    ];
    expect(voidedV1.wallet.credit).toBeUndefined();
  });

  it('pays every entry in exactly one unit, its credit and release the sums of its entries, at most BETS_PER_UNIT bets each', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const units = settlementWaves(OUTCOME, plan, AT).flat();
        expect(units.flatMap((unit) => unit.entries.map((e) => e.betId)).sort()).toEqual(plan.map((e) => e.betId).sort());
        for (const unit of units) {
          expect(unit.entries.length).toBeLessThanOrEqual(unit.wallet ? SEAMLESS_BETS_PER_UNIT : BETS_PER_UNIT);
          expect(unit.entries.every((e) => e.playerId === unit.playerId)).toBe(true);
          expect(unit.entries.every((e) => (e.seamless === true) === (unit.wallet !== undefined))).toBe(true);
          expect(unit.credit).toBe(unit.entries.reduce((sum, e) => sum + e.returned, 0));
          expect(unit.released).toBe(unit.entries.reduce((sum, e) => sum + (e.released ?? 0), 0));
          // A journal exactly when money comes back, for exactly that money.
          expect(unit.journal !== undefined).toBe(unit.credit > 0);
        }
      }),
    );
  });

  it("puts a player's units in different waves", () => {
    fc.assert(
      fc.property(plans, (plan) => {
        for (const wave of settlementWaves(OUTCOME, plan, AT)) {
          const players = wave.map((unit) => unit.playerId);
          expect(new Set(players).size).toBe(players.length);
        }
      }),
    );
  });

  it('packs a wave into transactions of at most 100 items, losing no unit (version 2 credits listed in their rounds too)', () => {
    fc.assert(
      fc.property(plans, fc.constantFrom(1 as const, 2 as const), (plan, contract) => {
        for (const wave of settlementWaves(OUTCOME, plan, AT, { contractOf: () => contract })) {
          const batches = packed(wave);
          for (const batch of batches)
            expect(batch.reduce((items, unit) => items + unitItems(unit), 0)).toBeLessThanOrEqual(ITEMS_PER_TRANSACTION);
          expect(batches.flat()).toHaveLength(wave.length);
        }
      }),
    );
  });

  it('fills a transaction with two full units, and needs no more transactions than twice the fewest possible', () => {
    const full = Array.from({ length: 2 * BETS_PER_UNIT }, (_, i) => ({
      betId: betId('t', newBetKey(`p${i % 2}`, 8, `b${i}`)),
      playerId: `p${i % 2}`,
      resolution: { outcome: 'WIN', winnings: 1 },
      returned: 2,
      released: 31,
    })) satisfies PlannedSettlement[];
    const [wave] = settlementWaves(OUTCOME, full, AT);
    expect(packed(wave!)).toHaveLength(1);
    fc.assert(
      fc.property(plans, (plan) => {
        for (const wave of settlementWaves(OUTCOME, plan, AT)) {
          const items = wave.reduce((sum, unit) => sum + unitItems(unit), 0);
          expect(packed(wave).length).toBeLessThanOrEqual(2 * Math.ceil(items / ITEMS_PER_TRANSACTION));
        }
      }),
    );
  });

  it('counts the decided bets of each shard, leaving out those that move or stay', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const open = (e: PlannedSettlement) => e.resolution.outcome === 'MOVED' || e.resolution.outcome === 'STAYS';
        const counts = decidedPerShard(plan);
        for (const [shard, count] of counts) {
          const decided = plan.filter((e) => !open(e) && shardOfBetKey(e.betId.split('.')[1]!) === shard);
          expect(count).toBe(decided.length);
        }
        expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(plan.filter((e) => !open(e)).length);
      }),
    );
  });

  it('is paid in one part up to ENTRIES_PER_PART entries, then a part per ENTRIES_PER_PART, at most 16 and at most one per shard', () => {
    expect(partsFor(0, 64)).toBe(1);
    expect(partsFor(ENTRIES_PER_PART, 64)).toBe(1);
    expect(partsFor(ENTRIES_PER_PART + 1, 64)).toBe(2);
    expect(partsFor(5 * ENTRIES_PER_PART, 64)).toBe(5);
    expect(partsFor(20_480, 64)).toBe(MAX_PARTS);
    expect(partsFor(20_480, 4)).toBe(4);
  });

  it('is paid in a part per the entries the services give a part, when they are given a number', () => {
    expect(partsFor(40, 64, 40)).toBe(1);
    expect(partsFor(41, 64, 40)).toBe(2);
    expect(partsFor(ENTRIES_PER_PART + 1, 64, 2 * ENTRIES_PER_PART)).toBe(1);
    expect(partsFor(10_000, 64, 40)).toBe(MAX_PARTS);
  });

  it("splits into parts that pay every entry once, a player's entries all in one part", () => {
    fc.assert(
      fc.property(plans, fc.integer({ min: 1, max: 8 }), (plan, parts) => {
        const byPart = Array.from({ length: parts }, (_, part) => entriesOfPart(plan, part, parts));
        expect(
          byPart
            .flat()
            .map((e) => e.betId)
            .sort(),
        ).toEqual(plan.map((e) => e.betId).sort());
        const partOfPlayer = new Map<string, number>();
        byPart.forEach((entries, part) => {
          for (const e of entries) {
            expect(partOfPlayer.get(e.playerId) ?? part).toBe(part);
            partOfPlayer.set(e.playerId, part);
          }
        });
      }),
    );
  });
});
