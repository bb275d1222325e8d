/**
 * Wallet contract version 2's sessions (docs/WALLET.md, "Sessions"), through the API against the
 * reference wallet: a player starts a session with the token their partner gave them (the wallet's
 * `authenticate` says whose it is), and every call made for them from then on carries it: debits,
 * balances, take-downs' credits, rounds' results, rollbacks, jackpot prizes. Once the partner ends
 * the session, a bet is refused (SESSION_ENDED) and nothing is taken, while what the player is
 * owed is still paid under the ended token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner, type SeamlessPartner } from '../../support/seamless-partner';
import { dealRound, jackpotBaccaratTable } from '../../support/jackpot-prizes';

const api = useTestApi();
let partner: SeamlessPartner;
let legacy: SeamlessPartner;
let table: string;

beforeAll(async () => {
  partner = await startSeamlessPartner(api, 'session-co', {
    ana: { currency: 'MOP', balance: 10_000, country: 'MO' },
    bo: { currency: 'MOP', balance: 10_000 },
    cy: { currency: 'MOP', balance: 10_000, blocked: true },
  });
  legacy = await startSeamlessPartner(api, 'legacy-session-co', { leo: { currency: 'MOP', balance: 10_000 } }, { contract: 1 });
  table = await api.openTable();
});
afterAll(() => Promise.all([partner.wallet.close(), legacy.wallet.close()]));

const START = `mutation ($input: StartWalletSessionInput!) {
  startWalletSession(input: $input) { session { playerId currency country balance startedAt } userErrors { code message field } }
}`;
const BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;
const startSession = (who: Who, sessionToken: string) => api.graphql(who, START, { input: { sessionToken } });
const placeBet = (subject: string, input: Record<string, unknown>, tableId = table) =>
  api.data(partner.player(subject), BET, { input: { tableId, ...input } }).then((data) => data.placeBet.bet as { id: string });

interface SentCall {
  readonly playerId?: string;
  readonly roundId?: string;
  readonly creditKind?: string;
  readonly sessionToken?: string;
  readonly roundClosed?: boolean;
  readonly roundDetailsUrl?: string;
}
/** Every call the wallet received for `subject`, parsed, with its operation. */
const callsOf = (subject: string) =>
  partner.wallet.received
    .map((call) => ({ operation: call.operation, ...(JSON.parse(call.body) as SentCall) }))
    .filter((call) => call.playerId === subject);

describe('a session', () => {
  it("starts with the partner's token, and every call made for the player carries it", async () => {
    const token = partner.wallet.openSession('ana');
    const started = await startSession(partner.player('ana'), token);
    expect(started.data!.startWalletSession).toEqual({
      session: { playerId: 'session-co/ana', currency: 'MOP', country: 'MO', balance: 10_000, startedAt: expect.any(String) },
      userErrors: [],
    });
    // The token is never answered back.
    expect(JSON.stringify(started)).not.toContain(token);
    const authenticate = partner.wallet.received.filter((call) => call.operation === 'authenticate').map((call) => JSON.parse(call.body));
    expect(authenticate).toEqual([{ requestId: expect.any(String), partner: 'session-co', sessionToken: token }]);

    await api.seatShooter(table);
    const field = await placeBet('ana', { type: 'FIELD', amount: 100 });
    await api.data(
      partner.player('ana'),
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } userErrors { code } } }`,
      {
        id: field.id,
      },
    );
    await placeBet('ana', { type: 'FIELD', amount: 200 });
    await api.data(partner.player('ana'), `{ walletBalance { balance } }`);
    await api.closeAndRoll(table, [5, 6]); // 11: the field wins even money
    await partner.expectBooksAgree();
    expect(partner.balance('ana')).toBe(10_000 + 200);

    const calls = callsOf('ana');
    expect(new Set(calls.map((call) => `${call.operation} ${call.creditKind ?? ''}`.trim()))).toEqual(
      new Set(['balance', 'debit', 'credit TAKE_DOWN', 'credit ROUND_RESULT']),
    );
    expect(calls.filter((call) => call.sessionToken !== token)).toEqual([]);
    // The round's result links to the player's part of it, which opens without signing in.
    const result = calls.find((call) => call.creditKind === 'ROUND_RESULT')!;
    const link = new URL(result.roundDetailsUrl!);
    const details = await (await fetch(`${api.url}/rounds/v1/${link.pathname.slice('/rounds/'.length)}${link.search}`)).json();
    expect(details).toMatchObject({ round: { id: result.roundId }, playerId: 'session-co/ana', credited: { bets: 400 } });
    expect(calls.filter((call) => call.operation === 'debit' && call.roundDetailsUrl !== undefined)).toEqual([]);
  });

  it('ended by the partner: the next bet is refused and takes nothing; what the player is owed is still paid, under the ended token', async () => {
    const token = partner.wallet.openSession('bo');
    expect((await startSession(partner.player('bo'), token)).data!.startWalletSession.userErrors).toEqual([]);
    await api.seatShooter(table);
    await placeBet('bo', { type: 'FIELD', amount: 300 });
    partner.wallet.endSession(token);

    const refused = await api.graphql(partner.player('bo'), BET, { input: { tableId: table, type: 'FIELD', amount: 500 } });
    expect(refused.data!.placeBet.userErrors).toEqual([{ code: 'SESSION_ENDED', message: expect.stringContaining('come in again') }]);
    const balance = await api.graphql(partner.player('bo'), `{ walletBalance { balance } }`);
    expect(balance.errors?.map((error) => error.extensions?.code)).toEqual(['SESSION_ENDED']);
    expect(partner.balance('bo')).toBe(10_000 - 300);

    await api.closeAndRoll(table, [5, 6]);
    await partner.expectBooksAgree();
    expect(partner.balance('bo')).toBe(10_000 + 300);
    const credit = callsOf('bo').find((call) => call.operation === 'credit');
    expect(credit).toMatchObject({ creditKind: 'ROUND_RESULT', roundClosed: true, sessionToken: token });

    // A new session, and the player bets again.
    const next = partner.wallet.openSession('bo');
    expect((await startSession(partner.player('bo'), next)).data!.startWalletSession.session.balance).toBe(10_300);
    await api.seatShooter(table);
    await placeBet('bo', { type: 'FIELD', amount: 100 });
    expect(callsOf('bo').at(-1)).toMatchObject({ operation: 'debit', sessionToken: next });
  });

  it('carries a rolled back stake and a jackpot prize under the session too', async () => {
    const token = partner.wallet.openSession('ana');
    await startSession(partner.player('ana'), token);
    // A voided round: its debit rolled back.
    await api.seatShooter(table);
    await placeBet('ana', { type: 'FIELD', amount: 100 });
    const sequence = await api.closeBetting(table);
    await api.data(dealer('test-dealer'), `mutation ($input: VoidRoundInput!) { voidRound(input: $input) { userErrors { code } } }`, {
      input: { tableId: table, sequence, reason: 'a die left the table' },
    });
    // A jackpot prize.
    const baccarat = await jackpotBaccaratTable(api);
    for (const type of ['PLAYER', 'JACKPOT']) await placeBet('ana', { type, amount: 100, seat: 1 }, baccarat);
    const deal = await dealRound(api, baccarat, ['5S', 'KH', '5D', '9C']);
    await partner.expectBooksAgree();
    const mine = callsOf('ana').filter((call) => call.roundId === `${table}.${sequence}` || call.roundId === `${baccarat}.${deal}`);
    expect(mine.filter((call) => call.operation === 'rollback').length).toBeGreaterThan(0);
    expect(mine.filter((call) => call.creditKind === 'JACKPOT_PRIZE').length).toBeGreaterThan(0);
    expect(mine.filter((call) => call.sessionToken !== token)).toEqual([]);
  });
});

describe('starting a session is refused', () => {
  it("for a token the wallet did not issue, another player's, or one out of form, never echoing it", async () => {
    const madeUp = await startSession(partner.player('ana'), 'made-up-token');
    expect(madeUp.data!.startWalletSession).toEqual({
      session: null,
      userErrors: [{ code: 'SESSION_ENDED', message: expect.any(String), field: null }],
    });
    const others = await startSession(partner.player('ana'), partner.wallet.openSession('bo'));
    expect(others.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    const spaced = await startSession(partner.player('ana'), 'with a space');
    expect(spaced.data!.startWalletSession.userErrors).toEqual([
      { code: 'BAD_USER_INPUT', message: expect.any(String), field: ['input', 'sessionToken'] },
    ]);
    // Past any string the API takes: the whole request is refused.
    const long = await startSession(partner.player('ana'), 'x'.repeat(2_048));
    expect(long.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    for (const [answer, sessionToken] of [
      [spaced, 'with a space'],
      [long, 'x'.repeat(2_048)],
    ] as const)
      expect(JSON.stringify(answer)).not.toContain(sessionToken);
  });

  it('for a player the wallet blocks, and for players whose wallet has no sessions', async () => {
    const blocked = await startSession(partner.player('cy'), partner.wallet.openSession('cy'));
    expect(blocked.data!.startWalletSession.userErrors).toEqual([{ code: 'PLAYER_BLOCKED', message: expect.any(String), field: null }]);
    // A version 1 partner's player, and a player with an account of ours.
    const forbidden = [
      await startSession(legacy.player('leo'), 'any-token'),
      await startSession({ id: 'house-player', roles: [] }, 'any-token'),
    ];
    expect(forbidden.map((answer) => answer.errors?.map((error) => error.extensions?.code))).toEqual([['FORBIDDEN'], ['FORBIDDEN']]);
    expect(legacy.wallet.received.filter((call) => call.operation === 'authenticate')).toEqual([]);
  });
});
