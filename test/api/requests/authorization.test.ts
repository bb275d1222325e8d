/**
 * Who may call what, for every mutation and every query that is not everyone's: each role
 * (a partner's player, dealer of this table, dealer of another table, the house's operator, the
 * player's partner's operator, another partner's operator) is either let through (the call may
 * still be refused for the game's state, never FORBIDDEN) or refused FORBIDDEN with nothing
 * changed; a request without a token is stopped at the door (401) whatever it asks.
 */
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refusalCode, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
let tableId: string;
let otherTable: string;
let victimBet: string;
const OPERATOR: Who = { id: 'az-operator', roles: ['operator'] };
const PARTNER_OPERATOR: Who = { id: 'az-operator', roles: ['operator'], partner: 'p1' };
const OTHER_PARTNER_OPERATOR: Who = { id: 'az-operator', roles: ['operator'], partner: 'p2' };
// The players are partner p1's: their ids are p1/<subject>.
const PLAYER: Who = { id: 'az-player', roles: [], partner: 'p1' };
const VICTIM = 'p1/az-victim';
const VICTIM_WHO: Who = { id: 'az-victim', roles: [], partner: 'p1' };

beforeAll(async () => {
  tableId = await api.openTable({ maximumBet: 10_000 });
  otherTable = await api.openTable({ maximumBet: 10_000 });
  for (const player of ['p1/az-player', VICTIM, 'az-dealer', 'az-elsewhere']) await api.fundAccount(player, 10_000);
  victimBet = (await api.placeBet(VICTIM_WHO, { tableId, type: 'FIELD', amount: 100 })).id;
});
afterEach(() => api.expectReconciled());

type Role = 'player' | 'dealerHere' | 'dealerElsewhere' | 'operator' | 'partnerOperator' | 'otherPartnerOperator';
const callers = (): Record<Role, Who> => ({
  player: PLAYER,
  dealerHere: { id: 'az-dealer', roles: ['dealer'], tables: [tableId] },
  dealerElsewhere: { id: 'az-elsewhere', roles: ['dealer'], tables: [otherTable] },
  operator: OPERATOR,
  partnerOperator: PARTNER_OPERATOR,
  otherPartnerOperator: OTHER_PARTNER_OPERATOR,
});

interface Call {
  readonly name: string;
  readonly query: string;
  readonly variables: () => Record<string, unknown>;
  readonly allowed: readonly Role[];
}

const ALL: readonly Role[] = ['player', 'dealerHere', 'dealerElsewhere', 'operator', 'partnerOperator', 'otherPartnerOperator'];
const RUNS_TABLE: readonly Role[] = ['dealerHere', 'operator'];
/** The house's operators: tables, pools, the whole book. */
const HOUSE: readonly Role[] = ['operator'];
/** Those who manage the (partner p1's) players' money. */
const MANAGERS: readonly Role[] = ['operator', 'partnerOperator'];
/** Every operator: reports, each limited to the operator's own players. */
const OPERATORS: readonly Role[] = ['operator', 'partnerOperator', 'otherPartnerOperator'];
const pool = {
  currency: 'MOP',
  seed: 0,
  modality: 'A',
  fixedAmounts: ['PARADISE_STRAIGHT', 'FOUR_OF_A_KIND', 'DOUBLE_PAIRS', 'THREE_OF_A_KIND', 'SINGLE_PAIR'].map((combination) => ({
    combination,
    amount: 100,
  })),
};

/** A mutation's refusals as data: selected so that a refusal let through is read whichever way it comes. */
const USER_ERRORS = 'userErrors { code message }';

const CALLS: readonly Call[] = [
  {
    name: 'openTable',
    query: `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 1000 }) { table { id } ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: HOUSE,
  },
  {
    name: 'openJackpotPool',
    query: `mutation ($p: OpenJackpotPoolInput!) { openJackpotPool(input: $p) { jackpotPool { id } ${USER_ERRORS} } }`,
    variables: () => ({ p: pool }),
    allowed: HOUSE,
  },
  {
    name: 'openAccount',
    query: `mutation { openAccount(input: { playerId: "p1/az-new" }) { account { id } ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  },
  {
    name: 'deposit',
    query: `mutation ($r: String!) { deposit(input: { playerId: "${VICTIM}", amount: 100, reference: $r }) { account { balance } ${USER_ERRORS} } }`,
    variables: () => ({ r: `d-${Math.random()}`.replace('0.', '') }),
    allowed: MANAGERS,
  },
  {
    name: 'withdraw',
    query: `mutation ($r: String!) { withdraw(input: { playerId: "${VICTIM}", amount: 100, reference: $r }) { account { balance } ${USER_ERRORS} } }`,
    variables: () => ({ r: `w-${Math.random()}`.replace('0.', '') }),
    allowed: MANAGERS,
  },
  {
    name: 'assignDealers',
    query: `mutation ($t: ID!) { assignDealers(input: { tableId: $t, dealers: [] }) { table { id } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: HOUSE,
  },
  {
    name: 'assignLimitProfile (a player)',
    query: `mutation { assignLimitProfile(input: { playerId: "${VICTIM}", profile: "vip" }) { assignment { profile } ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  },
  {
    name: 'assignLimitProfile (a partner)',
    query: `mutation { assignLimitProfile(input: { partner: "p1", profile: "vip" }) { assignment { profile } ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: HOUSE,
  },
  {
    name: 'placeBet',
    query: `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: ['player', 'dealerElsewhere'],
  },
  {
    name: 'takeDownBet (a stranger’s)',
    query: `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } ${USER_ERRORS} } }`,
    variables: () => ({ id: victimBet }),
    allowed: [],
  },
  {
    name: 'setShooter',
    query: `mutation ($t: ID!) { setShooter(input: { tableId: $t, playerId: "${VICTIM}" }) { table { id } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: RUNS_TABLE,
  },
  {
    name: 'closeBetting',
    query: `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: RUNS_TABLE,
  },
  {
    name: 'submitRoll',
    query: `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: 1 }) { settlementComplete ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: RUNS_TABLE,
  },
  {
    // At a craps table: refused WRONG_GAME when let through.
    name: 'submitDeal',
    query: `mutation ($t: ID!) { submitDeal(input: { tableId: $t, cards: ["9S", "9H", "KD", "QC"], sequence: 1 }) { settlementComplete ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: RUNS_TABLE,
  },
  {
    name: 'voidRound',
    query: `mutation ($t: ID!) { voidRound(input: { tableId: $t, reason: "test", sequence: 1 }) { voidedRound { sequence } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: RUNS_TABLE,
  },
  {
    name: 'startNewShoe',
    query: `mutation ($t: ID!) { startNewShoe(input: { tableId: $t }) { table { id } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: RUNS_TABLE,
  },
  { name: 'account (a stranger’s)', query: `{ account(id: "${VICTIM}") { balance } }`, variables: () => ({}), allowed: MANAGERS },
  {
    name: 'bet (a stranger’s)',
    query: `query ($id: ID!) { bet(id: $id) { id } }`,
    variables: () => ({ id: victimBet }),
    allowed: MANAGERS,
  },
  {
    name: 'cashMovement (a stranger’s)',
    query: `{ cashMovement(playerId: "${VICTIM}", reference: "none") { amount } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  },
  { name: 'reconciliation', query: `{ reconciliation { consistent } }`, variables: () => ({}), allowed: HOUSE },
  { name: 'dailyReport', query: `{ dailyReport(day: "2026-12-01") { journals } }`, variables: () => ({}), allowed: OPERATORS },
  {
    name: 'round',
    query: `query ($t: ID!) { round(tableId: $t, sequence: 1) { id } }`,
    variables: () => ({ t: tableId }),
    allowed: OPERATORS,
  },
  {
    name: 'roundById',
    query: `query ($id: ID!) { roundById(id: $id) { id } }`,
    variables: () => ({ id: `${tableId}.1` }),
    allowed: OPERATORS,
  },
  {
    // Refused TABLE_HAS_OPEN_BETS when let through: the victim's bet is on the layout.
    name: 'closeTable',
    query: `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status } ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: HOUSE,
  },
  { name: 'cashMovements', query: `{ cashMovements { edges { cursor } } }`, variables: () => ({}), allowed: OPERATORS },
  {
    name: 'playerProtection (a stranger’s)',
    query: `{ playerProtection(playerId: "${VICTIM}") { mayPlay } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  },
  // A player's protections, set by those who manage the player (and by the player, for their own).
  ...(
    [
      ['setLimit (a stranger’s)', 'setLimit', 'kind: STAKE, period: DAY, amount: 5000'],
      ['setRealityCheck (a stranger’s)', 'setRealityCheck', 'minutes: 60'],
      ['takeTimeOut (a stranger’s)', 'takeTimeOut', 'hours: 24'],
      ['selfExclude (a stranger’s)', 'selfExclude', 'months: 6'],
      ['blockPlayer', 'blockPlayer', 'reason: "test"'],
      ['unblockPlayer', 'unblockPlayer', 'reason: "test"'],
    ] as const
  ).map(([name, mutation, input]) => ({
    name,
    query: `mutation { ${mutation}(input: { playerId: "${VICTIM}", ${input} }) { protection { mayPlay } ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  })),
  {
    // At a table a dealer deals: refused DEALT_BY_DEALER when let through.
    name: 'pauseDealing',
    query: `mutation ($t: ID!) { pauseDealing(input: { tableId: $t }) { __typename ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: HOUSE,
  },
  {
    name: 'resumeDealing',
    query: `mutation ($t: ID!) { resumeDealing(input: { tableId: $t }) { __typename ${USER_ERRORS} } }`,
    variables: () => ({ t: tableId }),
    allowed: HOUSE,
  },
  // A partner's wallet and credentials: p1's operators may read their own partner's, only the house's may change any.
  { name: 'partnerWallet', query: `{ partnerWallet(partner: "p1") { mode } }`, variables: () => ({}), allowed: MANAGERS },
  {
    name: 'partnerWalletReport',
    query: `{ partnerWalletReport(partner: "p1", day: "2026-12-01") { __typename } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  },
  {
    name: 'walletCallsNeedingAttention',
    query: `{ walletCallsNeedingAttention(partner: "p1") { __typename } }`,
    variables: () => ({}),
    allowed: MANAGERS,
  },
  { name: 'partnerCredentials', query: `{ partnerCredentials(partner: "p1") { keyId } }`, variables: () => ({}), allowed: HOUSE },
  ...(
    [
      ['issuePartnerCredential', '{ partner: "p9" }'],
      ['rotatePartnerCredential', '{ partner: "p9" }'],
      ['revokePartnerCredential', '{ partner: "p9", keyId: "none" }'],
      ['rotatePlayerTokenKeys', '{ fromKeyId: "none" }'],
      ['configurePartnerWallet', '{ partner: "p9", mode: TRANSFER }'],
      ['rotatePartnerWalletSecret', '{ partner: "p9" }'],
      ['finishPartnerWalletSecretRotation', '{ partner: "p9" }'],
      ['settleWalletCall', '{ transactionId: "none", note: "test" }'],
    ] as const
  ).map(([name, input]) => ({
    name,
    query: `mutation { ${name}(input: ${input}) { __typename ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: HOUSE,
  })),
  {
    name: 'configurePartnerClient',
    query: `mutation { configurePartnerClient(input: { partner: "p1", embedOrigins: [] }) { client { partner } ${USER_ERRORS} } }`,
    variables: () => ({}),
    allowed: HOUSE,
  },
];

/** What a forbidden call must leave as it was: the victim's money, bets and protections (as the victim sees them: one read), the table. */
const snapshot = async () =>
  api.data(
    VICTIM_WHO,
    `query ($t: ID!) {
      table(id: $t) { bettingOpen nextSequence status openBets { id status } ... on CrapsTable { rollCount shooter } dealers myLimits { profile } }
      me { balance limitProfile }
      playerProtection { mayPlay timeOutEndsAt selfExclusionEndsAt permanentlyExcluded blocked { reason } limits { kind period amount } realityCheck { everyMinutes } }
    }`,
    { t: tableId },
  );

/**
 * The operations that take nothing of anyone else's: the caller's own (`me`, a wallet session,
 * acknowledging their own reality check) or everyone's (the lobby, a table, the time): none has a
 * caller to refuse.
 */
const EVERYONES = [
  'acknowledgeRealityCheck',
  'currencyUnit',
  'jackpotPool',
  'me',
  'serverTime',
  'startWalletSession',
  'table',
  'tables',
  'walletBalance',
];

describe('who may call what', () => {
  it('is checked for every mutation, and for every query but those of the caller or of everyone', () => {
    const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));
    const operations = [schema.getMutationType()!, schema.getQueryType()!].flatMap((type) => Object.keys(type.getFields()));
    const checked = new Set([...CALLS.map((call) => call.name.split(' ')[0]!), ...EVERYONES]);
    expect(operations.filter((operation) => !checked.has(operation))).toEqual([]);
  });

  it.each(CALLS.map((call) => [call.name, call] as const))('%s', async (_, call) => {
    const who = callers();
    for (const role of ALL) {
      const allowed = call.allowed.includes(role);
      const before = allowed ? undefined : await snapshot();
      const res = await api.graphql(who[role], call.query, call.variables());
      // A refusal let through may come as a GraphQL error or as the mutation's userErrors.
      const code = refusalCode(res);
      if (allowed) {
        expect(code, `${role}: ${JSON.stringify(refusalOf(res))}`).not.toBe('FORBIDDEN');
        expect(code, `${role}: ${JSON.stringify(refusalOf(res))}`).not.toBe('INTERNAL_SERVER_ERROR');
      } else {
        expect(code, `${role} must be refused`).toBe('FORBIDDEN');
        expect(await snapshot(), `${role} changed something`).toEqual(before);
      }
    }
    const anonymous = await api.graphql(null, call.query, call.variables());
    expect(anonymous.status).toBe(401);
  });
});
