import type { Game } from '../../store/tables/table-records';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import type { SeedRecord } from '../../store/rng/rng-records';
import { dealFromShoe, rollFromSeed } from '../rng/deal-round';
import type { SettledOutcome } from '../rounds/settle-outcome';
import type { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';
import { noShooter, shooterAvailable } from '../betting/shooter-check';
import { openBaccaratTable, type BaccaratTableRequest } from './open-baccarat-table';
import { openCrapsTable, type CrapsTableRequest } from './open-craps-table';
import type { TableCommon } from './table-common';
import type { TableStakesRequest } from './table-stakes';
import type { TableOf } from './table-access';

/**
 * What the services do for a game's tables that its rules cannot, being pure (rules/games.ts
 * registers the rules): how a table of the game opens (baccarat reads its jackpot pool), and what
 * must hold before betting closes (craps: someone may throw). The one place, beside the rules'
 * registry, a game is registered in the services.
 */
export interface GameTables<G extends Game> {
  /** Where an openTable request carries the game's own options; the other games' fields must be absent. */
  readonly optionsField: keyof TableOpeningRequest;
  open(deps: ServiceDependencies, common: TableCommon, request: TableOpeningRequest): Promise<TableOf<G>>;
  /**
   * Why betting may not close for an outcome now, as a refusal to be completed with what happens
   * to betting instead; null when it may.
   */
  closingRefusal(deps: ServiceDependencies, table: TableOf<G>): Promise<((then: string) => ServiceError) | null>;
  /** Where the server deals the game (docs/FAIRNESS.md): what its first seed is for, and how a round is dealt from a seed. */
  readonly serverDealt: {
    /** A seed per roll (craps), or per shoe, starting with shoe 1, of the table's decks (baccarat). */
    firstSeed(table: TableOf<G>): { readonly shoe?: number; readonly decks?: number };
    deal(deps: ServiceDependencies, table: TableOf<G>, seed: SeedRecord): Promise<SettledOutcome<OutcomeRecord, G>>;
  };
}

/** What opening a table reads: its stakes, its currency, and each game's own options under the game's field. */
export interface TableOpeningRequest extends TableStakesRequest {
  readonly currency: string;
  readonly craps?: CrapsTableRequest | null;
  readonly baccarat?: BaccaratTableRequest | null;
}

const GAME_TABLES: { readonly [G in Game]: GameTables<G> } = {
  CRAPS: {
    optionsField: 'craps',
    open: async (_deps, common, request) => openCrapsTable(common, request, request.craps),
    // A roll needs someone who may throw it (art. 2.1).
    closingRefusal: async (deps, table) => ((await shooterAvailable(deps, table)) ? null : (then) => noShooter(table, then)),
    serverDealt: { firstSeed: () => ({}), deal: rollFromSeed },
  },
  BACCARAT: {
    optionsField: 'baccarat',
    open: (deps, common, request) => openBaccaratTable(deps, common, request, request.baccarat),
    closingRefusal: async () => null,
    serverDealt: { firstSeed: (table) => ({ shoe: 1, decks: table.options.decks }), deal: dealFromShoe },
  },
};

/** What the services do for the tables of `game`. */
export function gameTablesOf<G extends Game>(game: G): GameTables<G> {
  return GAME_TABLES[game];
}
