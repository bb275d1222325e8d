/**
 * The demo `npm start` seeds (once; a restart keeps what was played): a player with a balance,
 * an open craps table, a baccarat table with a modality A jackpot and its pool, a craps and a
 * baccarat table the server deals on its own clock, plus the document the explorer opens with.
 */
import { findTable } from '../functions/services/tables/queries';
import { openTable } from '../functions/services/tables/open-table';
import { DEMO_CURRENCY } from '../functions/services/sessions/launch';
import { ensureLobbyEntry } from '../functions/store/tables/lobby';
import { findJackpotPool, openJackpotPool } from '../functions/services/money/jackpot-pools';
import { deposit, openAccount } from '../functions/services/money/cashier';
import { findAccount } from '../functions/services/money/account-queries';
import { formatMoney } from '../client/table-page/money';
import type { Caller, ServiceDependencies } from '../functions/services/kernel/services';
import { currentRound } from '../functions/services/tables/table-access';
import { TOKEN_LIFETIME_SECONDS, type DevAuthorizer } from './dev-authorizer';
import type { ExplorerConfig } from './server';
import { DEMO_SEAMLESS_PARTNER, DEMO_SEAMLESS_SUBJECT, DEMO_SEAMLESS_V1_PARTNER } from './seamless-demo';

export const DEMO_PLAYER = 'demo-player';
export const DEMO_OPERATOR = 'demo-operator';
export const DEMO_TABLE = 'demo-craps';
export const DEMO_BACCARAT_TABLE = 'demo-baccarat';
/** Tables the server deals on its own clock (docs/FAIRNESS.md): nobody deals them, the demo player bets. */
export const DEMO_RNG_CRAPS_TABLE = 'demo-rng-craps';
export const DEMO_RNG_BACCARAT_TABLE = 'demo-rng-baccarat';
/** Demo play's table (docs/LAUNCH.md, "Demo play"): chips (XTS), dealt by the server. */
export const DEMO_CHIPS_TABLE = 'demo-chips-baccarat';
/** The demo's dealer runs both demo tables (nobody may bet at a table they deal, so the player does not). */
export const DEMO_DEALER = { id: 'demo-dealer', roles: ['dealer'], tables: [DEMO_TABLE, DEMO_BACCARAT_TABLE] } as const;
/** The demo document's operations that are the dealer's: the explorer sends them with the dealer's token. */
export const DEMO_DEALER_OPERATIONS = ['Roll', 'Deal'] as const;
export const DEMO_POOL = 'demo-pool';

const operator: Caller = { playerId: DEMO_OPERATOR, roles: new Set(['OPERATOR']) };
const withId = (deps: ServiceDependencies, id: string): ServiceDependencies => ({ ...deps, newId: () => id });

export async function seedDemo(deps: ServiceDependencies): Promise<void> {
  // Through the cashier, as an operator would: 10,000.00 MOP in avos, deposited once.
  await openAccount(deps, operator, { playerId: DEMO_PLAYER, currency: 'MOP' });
  await deposit(deps, operator, { playerId: DEMO_PLAYER, amount: 1_000_000, reference: 'demo-seed' });
  if (!(await findTable(deps, operator, DEMO_TABLE))) {
    await openTable(withId(deps, DEMO_TABLE), operator, {
      game: 'CRAPS',
      name: 'Demo craps',
      currency: 'MOP',
      minimumBet: 1_000,
      maximumBet: 1_000_000,
    });
  }
  if (!(await findJackpotPool(deps, DEMO_POOL))) {
    await openJackpotPool(withId(deps, DEMO_POOL), operator, {
      currency: 'MOP',
      seed: 5_000_000,
      modality: 'A',
      // Demo amounts: a real pool's prizes are the operator's, approved by the regulator (art. 17.12).
      fixedAmounts: [
        { combination: 'PARADISE_STRAIGHT', amount: 2_000_000 },
        { combination: 'FOUR_OF_A_KIND', amount: 500_000 },
        { combination: 'DOUBLE_PAIRS', amount: 50_000 },
        { combination: 'THREE_OF_A_KIND', amount: 20_000 },
        { combination: 'SINGLE_PAIR', amount: 2_000 },
      ],
    });
  }
  if (!(await findTable(deps, operator, DEMO_BACCARAT_TABLE))) {
    await openTable(withId(deps, DEMO_BACCARAT_TABLE), operator, {
      game: 'BACCARAT',
      name: 'Demo baccarat',
      currency: 'MOP',
      minimumBet: 1_000,
      maximumBet: 1_000_000,
      baccarat: {
        commission: 'STANDARD',
        jackpot: { poolId: DEMO_POOL, contributionBasisPoints: 2_500 },
      },
    });
  }
  // Dealt by the server, a round every 20 seconds or so; a quiet table's few shards keep it cheap.
  const rngTables = [
    { id: DEMO_RNG_CRAPS_TABLE, game: 'CRAPS' as const, name: 'Auto craps', currency: 'MOP' },
    { id: DEMO_RNG_BACCARAT_TABLE, game: 'BACCARAT' as const, name: 'Auto baccarat', currency: 'MOP' },
    { id: DEMO_CHIPS_TABLE, game: 'BACCARAT' as const, name: 'Demo baccarat (chips)', currency: DEMO_CURRENCY },
  ];
  for (const { id, game, name, currency } of rngTables) {
    if (await findTable(deps, operator, id)) continue;
    await openTable(withId(deps, id), operator, {
      game,
      name,
      currency,
      minimumBet: 1_000,
      maximumBet: 1_000_000,
      dealing: 'RNG',
      bettingWindowSeconds: 20,
      betShards: 4,
    });
  }
  // Demo tables a version before the lobby opened (kept in .local/dynamodb) get their entry.
  for (const id of [DEMO_TABLE, DEMO_BACCARAT_TABLE]) {
    const table = await findTable(deps, operator, id);
    if (table?.status === 'OPEN') await ensureLobbyEntry(deps.db, table);
  }
}

/**
 * What the demo player holds now, as the start banner shows it ("10,000.00 MOP" when seeded):
 * a restart keeps what was played, so it is read from the store, never assumed.
 */
export async function demoPlayerBalance(deps: ServiceDependencies): Promise<string> {
  const account = await findAccount(deps, operator, DEMO_PLAYER);
  return account ? formatMoney(account.balance, account.currency) : 'no account';
}

export const DEMO_QUERY = `# The demo table and your account. Try the mutations below one at a time
# (select one with the cursor, then run). A craps table's own fields are on CrapsTable.
query Table {
  table(id: "${DEMO_TABLE}") {
    nextSequence
    openBets { id type amount number status }
    ... on CrapsTable {
      phase point rollCount
      rolls(first: 5) { edges { node { id sequence dice total phaseAfter pointAfter } } pageInfo { hasNextPage endCursor } }
    }
  }
  me { id balance currency }
}

# Every mutation answers its result and userErrors: a refusal the game's rules expect (betting
# closed, not enough money, a stake off the limits) comes back there, with its code, the result null.
mutation PassLine {
  placeBet(input: { tableId: "${DEMO_TABLE}", type: PASS_LINE, amount: 5000 }) {
    bet { id type amount status }
    userErrors { code message }
  }
}

# The dealer closes betting when the dice are thrown, then records them (mutations run in order).
# The explorer sends Roll and Deal with the demo dealer's token: nobody may bet at a table they deal.
# Every outcome names its sequence (the table's nextSequence; see the variables below): sent again
# with the same sequence it answers the roll recorded, never a second roll. Roll again: add 1.
mutation Roll($rollSequence: Int!) {
  closeBetting(input: { tableId: "${DEMO_TABLE}" }) {
    table { bettingOpen }
    userErrors { code message }
  }
  submitRoll(input: { tableId: "${DEMO_TABLE}", dice: [3, 4], sequence: $rollSequence }) {
    roll { sequence dice total phaseAfter pointAfter }
    settlements { bet { id type amount } outcome winnings returned }
    userErrors { code message }
  }
}

# Baccarat, with a progressive jackpot (seated players, next to a Player/Banker/Tie bet).
mutation BaccaratBets {
  banker: placeBet(input: { tableId: "${DEMO_BACCARAT_TABLE}", type: BANKER, amount: 10000, seat: 3 }) {
    bet { id }
    userErrors { code message }
  }
  jackpot: placeBet(input: { tableId: "${DEMO_BACCARAT_TABLE}", type: JACKPOT, amount: 1000, seat: 3 }) {
    bet { id }
    userErrors { code message }
  }
}

mutation Deal($dealSequence: Int!) {
  closeBetting(input: { tableId: "${DEMO_BACCARAT_TABLE}" }) {
    table { bettingOpen }
    userErrors { code message }
  }
  submitDeal(input: { tableId: "${DEMO_BACCARAT_TABLE}", cards: ["5S", "KH", "5D", "9C"], sequence: $dealSequence }) {
    deal { winner playerTotal bankerTotal playerPair jackpot { combination share poolAfter } }
    settlements { bet { type amount } outcome winnings returned }
    userErrors { code message }
  }
}

# A baccarat table's own fields are on BaccaratTable.
query Baccarat {
  table(id: "${DEMO_BACCARAT_TABLE}") {
    nextSequence
    ... on BaccaratTable {
      roundCount cardsDealtFromShoe
      options { decks commission }
      jackpot { modality pool { amount } }
      deals(first: 5) { edges { node { id sequence cards winner playerTotal bankerTotal } } pageInfo { hasNextPage endCursor } }
    }
  }
}
`;

/** The demo document's variables: the sequences the demo tables' next roll and deal get. */
export async function demoVariables(deps: ServiceDependencies): Promise<{ rollSequence: number; dealSequence: number }> {
  const [craps, baccarat] = await Promise.all([findTable(deps, operator, DEMO_TABLE), findTable(deps, operator, DEMO_BACCARAT_TABLE)]);
  return { rollSequence: craps ? currentRound(craps) : 1, dealSequence: baccarat ? currentRound(baccarat) : 1 };
}

/**
 * What the explorer opens with: the demo document and its variables, the player's token in the
 * headers editor, the dealer's for the dealer's operations. Fresh tokens each time the explorer
 * reads it (at load, and again before they expire), so a page open for days never holds an expired one.
 */
/** The explorer config's `?as=` (and a table page's) for the demo seamless partner's player. */
export const AS_SEAMLESS_PLAYER = 'seamless';
/** The same, for the player of the demo's partner still on wallet contract version 1. */
export const AS_SEAMLESS_V1_PLAYER = 'seamless-v1';

export const demoExplorerConfig =
  (deps: ServiceDependencies, authorizer: DevAuthorizer): ((as?: string) => Promise<ExplorerConfig>) =>
  async (as) => {
    const dealer = {
      authorization: `Bearer ${await authorizer.issueToken(DEMO_DEALER.id, DEMO_DEALER.roles, { tables: DEMO_DEALER.tables })}`,
    };
    // `?as=seamless` (`seamless-v1`): a demo seamless partner's player, whose money stays in their partner's wallet.
    const seamlessPartner = { [AS_SEAMLESS_PLAYER]: DEMO_SEAMLESS_PARTNER, [AS_SEAMLESS_V1_PLAYER]: DEMO_SEAMLESS_V1_PARTNER }[as ?? ''];
    const player = seamlessPartner
      ? await authorizer.issueToken(DEMO_SEAMLESS_SUBJECT, [], { partner: seamlessPartner })
      : await authorizer.issueToken(DEMO_PLAYER);
    return {
      defaultQuery: DEMO_QUERY,
      headers: { authorization: `Bearer ${player}` },
      operationHeaders: Object.fromEntries(DEMO_DEALER_OPERATIONS.map((name) => [name, dealer])),
      variables: JSON.stringify(await demoVariables(deps), null, 2),
      tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS,
    };
  };
