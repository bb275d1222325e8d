import { formatCard } from '../../rules/baccarat';
import { fairDice } from '../../fairness/fair-dealing';
import { dealtShoeOf } from '../../fairness/rng-shoe';
import type { DealRecord, RollRecord } from '../../store/rounds/outcome-records';
import type { SeedRecord } from '../../store/rng/rng-records';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { submitRoll, type RollOutcome } from '../rounds/submit-roll';
import { submitDeal, type DealOutcome } from '../rounds/submit-deal';
import type { OutcomeDecision } from '../rounds/settle-outcome';
import { currentRound, type TableOf } from '../tables/table-access';
import { committedSeed, revealOf } from './server-seeds';

/** The server, dealing one table: a dealer of that table alone, and never a token's. */
export const serverDealer = (tableId: string): Caller => ({
  playerId: 'server',
  roles: new Set(['DEALER']),
  dealerTables: new Set([tableId]),
  server: true,
});

/**
 * The round in play at a table the server deals (betting closed), dealt from its committed seed
 * and recorded and settled by the very paths a dealer's outcome takes (submitRoll, submitDeal),
 * with the seed's reveal and the next commitment in the outcome's own transaction. The draw is
 * fixed by the committed seed, so a step repeated (a message delivered twice) records the same
 * outcome, which the sequence guard answers as already recorded. Each game's is registered with
 * its tables (services/tables/game-tables.ts).
 */

/** Craps: the roll's two dice, from the roll's own seed. */
export function rollFromSeed(deps: ServiceDependencies, table: TableOf<'CRAPS'>, seed: SeedRecord): Promise<RollOutcome> {
  return submitRoll(
    deps,
    serverDealer(table.id),
    { tableId: table.id, dice: fairDice(seed.seed), sequence: currentRound(table) },
    (_table, decision) => rollDrawn(decision, seed),
  );
}

/** Baccarat: the shoe's next round, from the shoe's seed (its first round carries the shoe's burn into shoe tracking). */
export function dealFromShoe(deps: ServiceDependencies, table: TableOf<'BACCARAT'>, seed: SeedRecord): Promise<DealOutcome> {
  const round = table.state.shoeHands ?? 0;
  const shoe = dealtShoeOf(seed.seed, table.options.decks);
  const cards = shoe.rounds[round];
  if (!cards) throw new Error(`table ${table.id}: shoe ${seed.shoe} has ${shoe.rounds.length} rounds, not ${round + 1}`);
  // The shoe's burn counts as dealt for shoe tracking (docs/RULES.md): with its first round.
  const burn = round === 0 ? shoe.burn.map(formatCard) : [];
  const request = { tableId: table.id, cards: cards.map(formatCard), sequence: currentRound(table) };
  return submitDeal(deps, serverDealer(table.id), request, (drawnAt, decision) =>
    dealDrawn(drawnAt, decision, seed, { burn, lastOfShoe: round + 1 === shoe.rounds.length }),
  );
}

/** A roll: its seed revealed on it at once (the round is over), and a new seed committed to for the next roll. */
function rollDrawn(decision: OutcomeDecision<RollRecord>, seed: SeedRecord): OutcomeDecision<RollRecord> {
  const at = decision.outcome.recordedAt;
  const next = committedSeed(seed.tableId, at, { lastReveal: revealOf(seed, at) });
  return {
    ...decision,
    outcome: { ...decision.outcome, fairness: { commitment: seed.commitment, seed: seed.seed, salt: seed.salt } },
    fairness: {
      drawnUnder: seed.commitment,
      tableFairness: next.fairness,
      reveal: { commitment: seed.commitment, at },
      newSeed: next.seed,
    },
  };
}

/**
 * A deal: its shoe's commitment on it. The shoe's last round also ends the shoe: its seed is
 * revealed, and the next shoe goes in with a new seed committed to, before any bet on its first round.
 */
function dealDrawn(
  table: TableOf<'BACCARAT'>,
  decision: OutcomeDecision<DealRecord>,
  seed: SeedRecord,
  { burn, lastOfShoe }: { readonly burn: readonly string[]; readonly lastOfShoe: boolean },
): OutcomeDecision<DealRecord> {
  const outcome = { ...decision.outcome, fairness: { commitment: seed.commitment } };
  if (!lastOfShoe) {
    const stateAfter =
      burn.length > 0 && table.shoeTracking
        ? { ...decision.stateAfter, shoe: [...burn, ...(decision.stateAfter as TableOf<'BACCARAT'>['state']).shoe] }
        : decision.stateAfter;
    return { ...decision, outcome, stateAfter, fairness: { drawnUnder: seed.commitment, tableFairness: table.fairness! } };
  }
  const at = outcome.recordedAt;
  const shoe = (table.state.shoeNumber ?? 1) + 1;
  const next = committedSeed(seed.tableId, at, { shoe, decks: table.options.decks, lastReveal: revealOf(seed, at) });
  return {
    ...decision,
    outcome,
    stateAfter: { ...table.state, ...decision.stateAfter, shoe: [], shoeNumber: shoe, shoeHands: 0, shoeFrom: outcome.sequence + 1 },
    fairness: {
      drawnUnder: seed.commitment,
      tableFairness: next.fairness,
      reveal: { commitment: seed.commitment, at },
      newSeed: next.seed,
    },
  };
}
