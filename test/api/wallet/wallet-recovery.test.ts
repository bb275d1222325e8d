/**
 * Calls to a seamless wallet survive what can happen between our write and the call: a request
 * that dies after writing a debit (before or after sending it), a worker's message lost after a
 * round wrote its credits, and a wallet that stays down for a day. Each is found by the sweeper
 * (as the scheduled Lambda runs it), and both books agree once it has run; a call still undelivered
 * 24 hours after it fell due is set aside for operators, with its alarm's metric.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';
import { refusalCode as refusalCodeOf, userErrorsOf } from '../../support/test-api';

const userErrorCodes = (res: Parameters<typeof userErrorsOf>[0]) => userErrorsOf(res).map((error) => error.code);
import { startSeamlessPartner, type SeamlessPartner } from '../../support/seamless-partner';
import { createWalletCall, getWalletCall } from '../../../functions/store/wallet/wallet-calls';
import { debitOf } from '../../../functions/services/wallet/wallet-calls';
import { DEBIT_GRACE_MS, sweepWalletCalls } from '../../../functions/services/wallet/deliver-wallet-call';
import { sendWalletCall } from '../../../functions/wallet/wallet-client';
import { SEAMLESS_SECRET } from '../../support/seamless-partner';
import { WALLET_PATIENCE_MS } from '../../support/patience';
import { noBusinessMetrics } from '../../../functions/services/kernel/business-metrics';
import type { BetRecord } from '../../../functions/store/betting/bet-records';

/** The handler's clock, moved on by the tests (the wallet's own is the real one: signatures are judged by it). */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs).toISOString();
let losingMessages = false;
let deadLettered = 0;
const api = useTestApi({
  clock: now,
  metrics: { ...noBusinessMetrics, walletCallDeadLettered: () => deadLettered++ },
  wrapWalletQueue: (queue) => ({ send: (messages, options) => (losingMessages ? Promise.resolve() : queue.send(messages, options)) }),
});
let partner: SeamlessPartner;
let table: string;

beforeAll(async () => {
  partner = await startSeamlessPartner(api, 'recovering-co', { carol: { currency: 'MOP', balance: 5_000 } });
  table = await api.openTable();
});
afterAll(() => partner.wallet.close());

/** A debit as placeBet writes it just before sending it, for a bet of carol's that was never laid. */
async function debitWrittenThenCrashed(sent: boolean): Promise<string> {
  const bet = { id: `${table}.00-crashed-${sent}`, tableId: table, playerId: 'recovering-co/carol', amount: 300, round: 1 } as BetRecord;
  const debit = {
    ...debitOf(bet, 'recovering-co', 'MOP', now(), 2),
    nextAttemptAt: new Date(Date.parse(now()) + WALLET_PATIENCE_MS + DEBIT_GRACE_MS).toISOString(),
  };
  await createWalletCall(api.db, debit);
  if (sent)
    await sendWalletCall({ baseUrl: partner.wallet.url, secret: SEAMLESS_SECRET, timeoutMs: WALLET_PATIENCE_MS }, 'debit', debit.body);
  return debit.transactionId;
}

it.each([
  ['before the debit was sent', false],
  ['after the wallet took the stake', true],
])('a request that died %s leaves a debit the sweeper rolls back once its time is up', async (_, sent) => {
  const transactionId = await debitWrittenThenCrashed(sent);
  expect(partner.balance('carol')).toBe(sent ? 4_700 : 5_000);
  // Within its timeout and grace, the debit is its request's: the sweeper leaves it.
  await sweepWalletCalls(api.deps);
  expect((await getWalletCall(api.db, transactionId))?.state).toBe('SENT');
  offsetMs += WALLET_PATIENCE_MS + DEBIT_GRACE_MS + 1_000;
  await sweepWalletCalls(api.deps);
  await partner.expectBooksAgree();
  expect(await getWalletCall(api.db, transactionId)).toMatchObject({
    state: 'ROLLED_BACK',
    ...(sent ? {} : { refusal: 'UNKNOWN_TRANSACTION' }),
  });
  expect(partner.balance('carol')).toBe(5_000);
  // A debit rolled back before it arrived is refused if it comes later: the wallet never takes it.
  if (!sent)
    expect(partner.wallet.movements.get(transactionId.replace('STAKE:', 'ROLLBACK:'))?.answer).toMatchObject({
      code: 'UNKNOWN_TRANSACTION',
    });
});

it("a round's credit whose message was lost is delivered by the sweeper", async () => {
  await api.seatShooter(table);
  await api.placeBet(partner.player('carol'), { tableId: table, type: 'PASS_LINE', amount: 1_000 });
  losingMessages = true;
  await api.closeAndRoll(table, [6, 1]); // 7: the pass line wins
  expect(partner.balance('carol')).toBe(4_000);
  losingMessages = false;
  await sweepWalletCalls(api.deps);
  await partner.expectBooksAgree();
  expect(partner.balance('carol')).toBe(6_000);
});

it('a credit the wallet will not take for 24 hours is set aside for operators, with its alarm', async () => {
  await api.seatShooter(table);
  const bet = await api.placeBet(partner.player('carol'), { tableId: table, type: 'PASS_LINE', amount: 500 });
  partner.wallet.injectFault({ kind: 'SERVER_ERROR', when: 'BEFORE', operation: 'credit', times: 1_000 });
  losingMessages = true; // the sweeper alone sends it here, so that the test decides when
  await api.closeAndRoll(table, [5, 6]); // 11: the pass line wins
  await sweepWalletCalls(api.deps);
  const operator = { id: 'ops', roles: ['operator'] };
  const day = now().slice(0, 10);
  const pending = await api.data(
    operator,
    `{ partnerWalletReport(partner: "recovering-co", day: "${now().slice(0, 10)}") { totals { owed } calls { transactionId operation state attempts lastProblem betIds } } }`,
  );
  const credit = pending.partnerWalletReport.calls.find(
    (call: { operation: string; betIds: string[] }) => call.operation === 'CREDIT' && call.betIds.includes(bet.id),
  );
  expect(credit).toMatchObject({ state: 'DUE', attempts: 1, lastProblem: 'the wallet answered HTTP 503' });
  expect(pending.partnerWalletReport.totals[0].owed).toBe('1000');

  offsetMs += 24 * 60 * 60 * 1_000;
  await sweepWalletCalls(api.deps);
  expect(deadLettered).toBe(1);
  const listed = await api.data(
    operator,
    `{ walletCallsNeedingAttention(partner: "recovering-co") { transactionId operation amount state } }`,
  );
  expect(listed.walletCallsNeedingAttention).toEqual([
    { transactionId: credit.transactionId, operation: 'CREDIT', amount: 1_000, state: 'DEAD_LETTERED' },
  ]);
  // A partner's operator reads its own list, not another partner's.
  const stranger = await api.graphql(
    { id: 'ops', roles: ['operator'], partner: 'other-co' },
    `{ walletCallsNeedingAttention(partner: "recovering-co") { transactionId } }`,
  );
  expect(stranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  losingMessages = false;

  // The operator settles it with the partner by hand (the partner pays the player what the call
  // says), and records so: it leaves the list, the report counts it credited, the books agree.
  partner.wallet.clearFaults();
  partner.wallet.players.get('carol')!.balance += 1_000;
  const settle = `mutation ($input: SettleWalletCallInput!) { settleWalletCall(input: $input) { call { state settledBy settlementNote } userErrors { code field } } }`;
  const house = { id: 'house-ops', roles: ['operator'] };
  expect(
    (await api.graphql(house, settle, { input: { transactionId: credit.transactionId, note: ' ' } })).data!.settleWalletCall.userErrors,
  ).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'note'] }]);
  expect(
    refusalCodeOf(
      await api.graphql({ id: 'partner-ops', roles: ['operator'], partner: 'recovering-co' }, settle, {
        input: { transactionId: credit.transactionId, note: 'paid by acme, ref 77' },
      }),
    ),
  ).toBe('FORBIDDEN');
  const settled = await api.data(house, settle, { input: { transactionId: credit.transactionId, note: 'paid by recovering-co, ref 77' } });
  expect(settled.settleWalletCall.call).toEqual({
    state: 'SETTLED_BY_HAND',
    settledBy: 'house-ops',
    settlementNote: 'paid by recovering-co, ref 77',
  });
  expect(
    (await api.data(operator, `{ walletCallsNeedingAttention(partner: "recovering-co") { transactionId } }`)).walletCallsNeedingAttention,
  ).toEqual([]);
  const report = await api.data(operator, `{ partnerWalletReport(partner: "recovering-co", day: "${day}") { totals { credited owed } } }`);
  expect(report.partnerWalletReport.totals[0].owed).toBe('0');
  // Only a call set aside is settled by hand: one being delivered, or done, is not.
  const debit = (pending.partnerWalletReport.calls as { operation: string; transactionId: string }[]).find(
    (call) => call.operation === 'DEBIT',
  )!;
  expect(userErrorCodes(await api.graphql(house, settle, { input: { transactionId: debit.transactionId, note: 'no' } }))).toEqual([
    'WALLET_CALL_NOT_SET_ASIDE',
  ]);
  await partner.expectBooksAgree();
});

it('a partner turned back to TRANSFER is still paid, at the wallet it last named, for the bets taken from it', async () => {
  await api.seatShooter(table);
  await api.placeBet(partner.player('carol'), { tableId: table, type: 'PASS_LINE', amount: 200 });
  const before = partner.balance('carol');
  await api.data(
    { id: 'house-ops', roles: ['operator'] },
    `mutation { configurePartnerWallet(input: { partner: "recovering-co", mode: TRANSFER }) { wallet { mode baseUrl } userErrors { code } } }`,
  );
  await api.closeAndRoll(table, [6, 1]); // 7: the pass line wins
  await sweepWalletCalls(api.deps); // within 5 s of the change, this process may still hold the old configuration: no matter
  await partner.expectBooksAgree();
  expect(partner.balance('carol')).toBe(before + 400);
});
