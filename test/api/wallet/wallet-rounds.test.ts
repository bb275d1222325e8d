/**
 * Wallet contract version 2's rounds (docs/WALLET.md, "Rounds"), through the API against the
 * reference wallet keeping rounds as a strict wallet does: every movement says whether it ends the
 * player's round, one credit ends it (the round's result), and after it the round gets no debit,
 * credit or rollback, whatever the wallet failed on the way: a take-down's credit sent again and
 * again, a jackpot prize paid at the round's end, a table the server deals. A version 1 partner at
 * the same table keeps version 1's calls. expectBooksAgree checks the wallet refused nothing as
 * of a closed round; each test also reads the order of the calls the wallet received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner, type SeamlessPartner } from '../../support/seamless-partner';
import { dealRound, jackpotBaccaratTable } from '../../support/jackpot-prizes';
import { sweepRoundLoops } from '../../../functions/services/rng/round-loop';

/** The handler's clock: real time, moved on past a deadline when a test says (a table the server deals closes betting by it). */
let ahead = 0;
const api = useTestApi({
  clock: () => new Date(Date.now() + ahead).toISOString(),
  // The outbox's backoff in milliseconds: what is tested is the order the calls arrive in.
  walletRetryDelayMs: (attempts) => 25 * 2 ** (attempts - 1),
});
let strict: SeamlessPartner;
let legacy: SeamlessPartner;
let table: string;

beforeAll(async () => {
  strict = await startSeamlessPartner(api, 'rounds-co', { ana: { currency: 'MOP', balance: 10_000 } });
  legacy = await startSeamlessPartner(api, 'legacy-co', { leo: { currency: 'MOP', balance: 10_000 } }, { contract: 1 });
  table = await api.openTable();
});
afterAll(() => Promise.all([strict.wallet.close(), legacy.wallet.close()]));

const BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;
const placeBet = (partner: SeamlessPartner, subject: string, input: Record<string, unknown>) =>
  api.data(partner.player(subject), BET, { input: { tableId: table, ...input } }).then((data) => data.placeBet.bet as { id: string });

interface Received {
  readonly operation: string;
  readonly requestId: string;
  readonly transactionId: string;
  readonly roundId: string;
  readonly playerId: string;
  readonly roundClosed?: boolean;
  readonly creditKind?: string;
}
/**
 * What the wallet received of one player's round, in order; `firstSends`: each request once (two
 * workers may send one call at once: the same request, which the wallet answers once).
 */
const callsOf = (partner: SeamlessPartner, subject: string, roundId: string, { firstSends = false } = {}): Received[] => {
  const calls = partner.wallet.received
    .map((call) => ({ operation: call.operation, ...(JSON.parse(call.body) as Omit<Received, 'operation'>) }))
    .filter((call) => call.playerId === subject && call.roundId === roundId);
  return firstSends ? [...new Map(calls.map((call) => [call.requestId, call])).values()] : calls;
};

/** The round's last call is its one closing credit, a round result: nothing of the round came after it. */
function expectClosedLast(calls: readonly Received[]): void {
  const closing = calls.filter((call) => call.roundClosed);
  expect(new Set(closing.map((call) => call.transactionId)).size).toBe(1);
  expect(closing[0]).toMatchObject({ operation: 'credit', creditKind: 'ROUND_RESULT' });
  const first = calls.indexOf(closing[0]!);
  expect(calls.slice(first).every((call) => call.transactionId === closing[0]!.transactionId)).toBe(true);
}

describe('a version 2 round', () => {
  it("waits, to end, for a take-down's credit the wallet keeps refusing: the player bet again meanwhile", async () => {
    await api.seatShooter(table);
    const field = await placeBet(strict, 'ana', { type: 'FIELD', amount: 300 });
    // Every credit refused (503) until the faults are cleared: the take-down's is sent again and again.
    strict.wallet.injectFault({ kind: 'SERVER_ERROR', when: 'BEFORE', operation: 'credit', times: 1_000_000 });
    await api.data(
      strict.player('ana'),
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } userErrors { code } } }`,
      {
        id: field.id,
      },
    );
    await placeBet(strict, 'ana', { type: 'FIELD', amount: 200 });
    const sequence = await api.closeAndRoll(table, [5, 6]); // 11: the field wins even money
    const roundId = `${table}.${sequence}`;
    const takeDownSends = () => callsOf(strict, 'ana', roundId).filter((call) => call.transactionId === `TAKE_DOWN:${field.id}`).length;
    // Long after the round was paid, the take-down's credit is still refused, and the round's end is held back.
    const sendsAtRoll = takeDownSends();
    await expect.poll(takeDownSends).toBeGreaterThanOrEqual(sendsAtRoll + 3);
    expect(callsOf(strict, 'ana', roundId).filter((call) => call.roundClosed)).toEqual([]);

    strict.wallet.clearFaults();
    await strict.expectBooksAgree();
    expect(strict.balance('ana')).toBe(10_000 + 200);
    const calls = callsOf(strict, 'ana', roundId);
    // The take-down's credit never ends the round; the round's result does, after it.
    expect(new Set(calls.filter((call) => call.creditKind === 'TAKE_DOWN').map((call) => call.roundClosed))).toEqual(new Set([false]));
    expect(calls.filter((call) => call.operation === 'debit').map((call) => call.roundClosed)).toEqual([false, false]);
    expectClosedLast(calls);
    expect(strict.wallet.closedRounds.has(`ana ${roundId}`)).toBe(true);
  });

  it("a voided round's debits are rolled back, then a credit of 0 ends it", async () => {
    await api.seatShooter(table);
    await placeBet(strict, 'ana', { type: 'FIELD', amount: 100 });
    const sequence = await api.closeBetting(table);
    await api.data(dealer('test-dealer'), `mutation ($input: VoidRoundInput!) { voidRound(input: $input) { userErrors { code } } }`, {
      input: { tableId: table, sequence, reason: 'a die left the table' },
    });
    await strict.expectBooksAgree();
    const calls = callsOf(strict, 'ana', `${table}.${sequence}`, { firstSends: true });
    expect(calls.map((call) => [call.operation, call.roundClosed])).toEqual([
      ['debit', false],
      ['rollback', false],
      ['credit', true],
    ]);
    expectClosedLast(calls);
  });

  it("ends after its jackpot prize, paid at the round's end", async () => {
    const baccarat = await jackpotBaccaratTable(api);
    for (const type of ['PLAYER', 'JACKPOT'])
      await api.data(strict.player('ana'), BET, { input: { tableId: baccarat, type, amount: 100, seat: 1 } });
    const sequence = await dealRound(api, baccarat, ['5S', 'KH', '5D', '9C']);
    await strict.expectBooksAgree();
    const calls = callsOf(strict, 'ana', `${baccarat}.${sequence}`);
    const prize = calls.find((call) => call.creditKind === 'JACKPOT_PRIZE');
    expect(prize).toMatchObject({ operation: 'credit', roundClosed: false });
    expectClosedLast(calls);
  });

  it('at a table the server deals, ends with the round the server dealt', async () => {
    const rng = await api.openTable({ dealing: 'RNG', bettingWindowSeconds: 600 });
    const bet = await api.data(strict.player('ana'), BET, { input: { tableId: rng, type: 'FIELD', amount: 100 } });
    expect(bet.placeBet.userErrors).toEqual([]);
    const { bettingClosesAt } = (await api.data(strict.player('ana'), `query ($t: ID!) { table(id: $t) { bettingClosesAt } }`, { t: rng }))
      .table;
    ahead += Math.max(0, Date.parse(bettingClosesAt) - (Date.now() + ahead)) + 100;
    await sweepRoundLoops(api.deps);
    await strict.expectBooksAgree();
    const calls = callsOf(strict, 'ana', `${rng}.1`);
    expect(calls[0]).toMatchObject({ operation: 'debit', roundClosed: false });
    expectClosedLast(calls);
  });
});

it('a version 1 partner at the same table keeps version 1 calls, saying nothing of rounds', async () => {
  await api.seatShooter(table);
  await placeBet(legacy, 'leo', { type: 'FIELD', amount: 100 });
  const sequence = await api.closeAndRoll(table, [2, 2]); // 4: the field pays even money
  await legacy.expectBooksAgree();
  expect(legacy.balance('leo')).toBe(10_100);
  const calls = callsOf(legacy, 'leo', `${table}.${sequence}`, { firstSends: true });
  expect(calls.map((call) => call.operation)).toEqual(['debit', 'credit']);
  for (const call of calls) expect(call).not.toHaveProperty('roundClosed');
  expect(calls.some((call) => 'creditKind' in call)).toBe(false);
});
