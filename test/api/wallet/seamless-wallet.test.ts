/**
 * A seamless partner's players bet with the money in their partner's wallet (docs/WALLET.md),
 * through the real API, against the reference wallet over real HTTP: each stake is debited there
 * before the bet is taken, each round credits what it returns, and both books agree to the unit
 * at the end of every test, whatever the wallet did on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalCode } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner, type SeamlessPartner } from '../../support/seamless-partner';
import { getWalletCall } from '../../../functions/store/wallet/wallet-calls';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';

// The outbox's backoff doubles from 25 ms, not from a second: what is tested is that a call is
// sent again until taken, the same call each time (the production schedule has its own unit test).
const api = useTestApi({ walletRetryDelayMs: (attempts) => 25 * 2 ** (attempts - 1) });
let partner: SeamlessPartner;
let table: string;

beforeAll(async () => {
  partner = await startSeamlessPartner(api, 'seamless-co', {
    alice: { currency: 'MOP', balance: 10_000 },
    bob: { currency: 'MOP', balance: 10_000 },
    poor: { currency: 'MOP', balance: 50 },
    blocked: { currency: 'MOP', balance: 10_000, blocked: true },
    limited: { currency: 'MOP', balance: 10_000, debitLimit: 200 },
  });
  table = await api.openTable();
});
afterAll(() => partner.wallet.close());

const placeBet = (subject: string, input: Record<string, unknown>) =>
  api.graphql(
    partner.player(subject),
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id amount status } userErrors { code message } } }`,
    { input: { tableId: table, ...input } },
  );

describe('configuring a partner', () => {
  it("is the house operators' alone, and the secret never comes back", async () => {
    const input = {
      partner: 'other-co',
      mode: 'SEAMLESS',
      baseUrl: 'https://wallet.example/casino',
      currencies: ['MOP'],
      secret: 'x'.repeat(40),
    };
    const mutation = `mutation ($input: ConfigurePartnerWalletInput!) { configurePartnerWallet(input: $input) { wallet { mode baseUrl secretSetAt } userErrors { code field } } }`;
    expect(refusalCode(await api.graphql({ id: 'op', roles: ['operator'], partner: 'other-co' }, mutation, { input }))).toBe('FORBIDDEN');
    const answered = await api.data(dealer('test-dealer'), mutation, { input });
    expect(answered.configurePartnerWallet.wallet).toMatchObject({ mode: 'SEAMLESS', baseUrl: 'https://wallet.example/casino' });
    expect(JSON.stringify(answered)).not.toContain('x'.repeat(40));
    const read = await api.data(
      { id: 'op', roles: ['operator'], partner: 'other-co' },
      `{ partnerWallet(partner: "other-co") { mode secretSetAt } }`,
    );
    expect(read.partnerWallet.secretSetAt).toBe(answered.configurePartnerWallet.wallet.secretSetAt);
  });

  it('refuses a wallet URL that is not https, and a first seamless configuration without its secret', async () => {
    const mutation = `mutation ($input: ConfigurePartnerWalletInput!) { configurePartnerWallet(input: $input) { wallet { mode } userErrors { code field } } }`;
    const plain = await api.graphql(dealer('test-dealer'), mutation, {
      input: { partner: 'third-co', mode: 'SEAMLESS', baseUrl: 'http://wallet.example', currencies: ['MOP'], secret: 'y'.repeat(40) },
    });
    expect(plain.data!.configurePartnerWallet.userErrors).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'baseUrl'] }]);
    const secretless = await api.graphql(dealer('test-dealer'), mutation, {
      input: { partner: 'third-co', mode: 'SEAMLESS', baseUrl: 'https://wallet.example', currencies: ['MOP'] },
    });
    expect(secretless.data!.configurePartnerWallet.userErrors).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'secret'] }]);
  });

  it('puts a new partner on wallet contract version 2, keeps the version it is on unless told, and takes 1 or 2 only', async () => {
    const configure = (input: Record<string, unknown>) =>
      api.graphql(
        dealer('test-dealer'),
        `mutation ($input: ConfigurePartnerWalletInput!) { configurePartnerWallet(input: $input) { wallet { contractVersion } userErrors { code field } } }`,
        { input: { partner: 'versioned-co', mode: 'SEAMLESS', baseUrl: 'https://wallet.example', currencies: ['MOP'], ...input } },
      );
    expect((await configure({ secret: 'v'.repeat(40) })).data!.configurePartnerWallet.wallet).toEqual({ contractVersion: 2 });
    expect((await configure({ contractVersion: 1 })).data!.configurePartnerWallet.wallet).toEqual({ contractVersion: 1 });
    expect((await configure({ timeoutMs: 2_000 })).data!.configurePartnerWallet.wallet).toEqual({ contractVersion: 1 });
    expect((await configure({ contractVersion: 3 })).data!.configurePartnerWallet.userErrors).toEqual([
      { code: 'BAD_USER_INPUT', field: ['input', 'contractVersion'] },
    ]);
    expect((await configure({ contractVersion: 2 })).data!.configurePartnerWallet.wallet).toEqual({ contractVersion: 2 });
    // A partner that was TRANSFER only is made seamless on the current version too.
    await configure({ partner: 'transfer-first-co', mode: 'TRANSFER' });
    expect((await configure({ partner: 'transfer-first-co', secret: 'w'.repeat(40) })).data!.configurePartnerWallet.wallet).toEqual({
      contractVersion: 2,
    });
  });
});

describe("a player's balance in their wallet", () => {
  const balances = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `b${i}: walletBalance { balance }`).join(' ')} }`;
  const balanceCalls = () => partner.wallet.received.filter(({ operation }) => operation === 'balance').length;

  it('is one call to the wallet for each time a request asks it, 20 at most: 2,000 aliases call it never', async () => {
    const before = balanceCalls();
    const twenty = await api.graphql(partner.player('alice'), balances(20));
    expect(refusalCode(twenty)).toBeUndefined();
    expect(Object.values(twenty.data!).map((answer) => (answer as { balance: number }).balance)).toEqual(Array(20).fill(10_000));
    expect(balanceCalls()).toBe(before + 20);
    // Past it, refused whole before anything runs: the wallet hears nothing.
    for (const count of [21, 2_000]) {
      const refused = await api.graphql(partner.player('alice'), balances(count));
      expect(refusalCode(refused)).toBe('REQUEST_TOO_EXPENSIVE');
      expect(refused.data ?? null).toBeNull();
    }
    expect(balanceCalls()).toBe(before + 20);
  });
});

describe('a bet', () => {
  it('is taken once the wallet confirms its debit, and paid back there by the round', async () => {
    await api.seatShooter(table);
    const res = await placeBet('alice', { type: 'PASS_LINE', amount: 1_000 });
    expect(res.data!.placeBet.bet).toMatchObject({ amount: 1_000, status: 'OPEN' });
    expect(partner.balance('alice')).toBe(9_000);
    expect(await api.balance('seamless-co/alice')).toBeUndefined(); // no account of ours
    await api.closeAndRoll(table, [3, 4]); // a natural: even money
    await partner.expectBooksAgree();
    expect(partner.balance('alice')).toBe(11_000);
  });

  it('that loses still closes the round with a credit of 0', async () => {
    await api.seatShooter(table);
    const { id } = (await placeBet('bob', { type: 'PASS_LINE', amount: 500 })).data!.placeBet.bet;
    await api.closeAndRoll(table, [1, 1]); // craps: the pass line loses
    await partner.expectBooksAgree();
    expect(partner.balance('bob')).toBe(9_500);
    // The credit of 0 moves no money: the books agree before it lands; the round's end is sent once its settlement is done.
    const credits = () =>
      [...partner.wallet.movements.values()].filter((movement) => movement.operation === 'credit' && movement.playerId === 'bob');
    await expect.poll(() => credits().map((credit) => credit.amount)).toEqual([0]);
    expect(JSON.parse(partner.wallet.received.find((call) => call.operation === 'credit' && call.body.includes(id))!.body).amount).toBe(0);
  });

  it("that stays past its roll still closes that roll's round with a credit of 0; the roll that decides it credits it", async () => {
    await api.seatShooter(table);
    const { id } = (await placeBet('alice', { type: 'PASS_LINE', amount: 1_000 })).data!.placeBet.bet;
    const callsOf = (operation: string) => {
      const calls = partner.wallet.received
        .filter((call) => call.operation === operation)
        .map(
          (call) => JSON.parse(call.body) as { transactionId: string; playerId: string; roundId: string; amount: number; betIds: string[] },
        );
      return [...new Map(calls.filter((call) => call.playerId === 'alice').map((call) => [call.transactionId, call])).values()];
    };
    const debit = callsOf('debit').find((call) => call.betIds.includes(id))!;
    const creditsBefore = callsOf('credit').length;
    const rolled = await api.data(
      dealer('test-dealer'),
      `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { settlements { bet { id } outcome } userErrors { code } } }`,
      { input: { tableId: table, sequence: await api.closeBetting(table), dice: [2, 4] } }, // the point is 6: the pass line stays
    );
    expect(rolled.submitRoll.settlements.map((settlement: { bet: { id: string } }) => settlement.bet.id)).not.toContain(id);
    await partner.expectBooksAgree();
    const closing = callsOf('credit').slice(creditsBefore);
    expect(closing).toEqual([expect.objectContaining({ roundId: debit.roundId, amount: 0, betIds: [] })]);

    await api.closeAndRoll(table, [2, 3]); // decides nothing of alice's, and she staked nothing for it: no credit
    await partner.expectBooksAgree();
    expect(callsOf('credit').length).toBe(creditsBefore + 1);

    await api.closeAndRoll(table, [3, 3]); // the point: the pass line wins even money, in this roll's round
    await partner.expectBooksAgree();
    const paid = callsOf('credit').slice(creditsBefore + 1);
    expect(paid).toEqual([expect.objectContaining({ amount: 2_000, betIds: [id] })]);
    expect(paid[0]!.roundId).not.toBe(debit.roundId);
    expect(partner.balance('alice')).toBe(12_000);
  });

  it.each([
    ['poor', 'INSUFFICIENT_FUNDS'],
    ['blocked', 'PLAYER_BLOCKED'],
    ['limited', 'LIMIT_REACHED'],
  ])("refused by the wallet (%s) is refused with the API's own code, and nothing moves", async (subject, code) => {
    const before = partner.balance(subject);
    const res = await placeBet(subject, { type: 'PASS_LINE', amount: 500 });
    expect(res.data!.placeBet.userErrors.map((error: { code: string }) => error.code)).toEqual([code]);
    expect(partner.balance(subject)).toBe(before);
    await partner.expectBooksAgree();
  });
});

describe('a wallet that fails', () => {
  it.each([
    // Held unanswered until the tables give up on it.
    ['times out before taking the stake', { kind: 'TIMEOUT', when: 'BEFORE' }],
    ['times out after taking it', { kind: 'TIMEOUT', when: 'AFTER' }],
    ['answers 503', { kind: 'SERVER_ERROR', when: 'BEFORE' }],
    ['drops the connection after taking it', { kind: 'DROP', when: 'AFTER' }],
  ] as const)('%s: the bet is refused, WALLET_UNAVAILABLE, and the debit rolled back until confirmed', async (_, fault) => {
    const before = partner.balance('alice');
    const res = await partner.failing({ ...fault, operation: 'debit' }, () => placeBet('alice', { type: 'FIELD', amount: 300 }));
    expect(refusalCode(res)).toBe('WALLET_UNAVAILABLE');
    expect(res.errors![0]!.extensions!.retryable).toBe(true);
    await partner.expectBooksAgree();
    expect(partner.balance('alice')).toBe(before);
  });

  it('keeps a credit until the wallet takes it, sent again with backoff, the same call each time', async () => {
    await api.seatShooter(table);
    await placeBet('alice', { type: 'PASS_LINE', amount: 200 });
    partner.wallet.injectFault({ kind: 'SERVER_ERROR', when: 'BEFORE', operation: 'credit', times: 2 });
    const before = partner.balance('alice');
    await api.closeAndRoll(table, [5, 6]); // 11: the pass line wins
    await partner.expectBooksAgree();
    expect(partner.balance('alice')).toBe(before + 400);
    const sent = partner.wallet.received.filter((call) => call.operation === 'credit' && call.body.includes('"amount":400'));
    expect(sent.length).toBe(3);
    expect(new Set(sent.map((call) => call.body)).size).toBe(1);
  });
});

it('sends a credit the wallet refused again as a new request of the same movement, until it is taken', async () => {
  partner.addPlayer('forgotten', { currency: 'MOP', balance: 1_000 });
  await api.seatShooter(table);
  await placeBet('forgotten', { type: 'FIELD', amount: 100 });
  // The wallet loses the player for a while: it refuses their credit, UNKNOWN_PLAYER.
  const player = partner.wallet.players.get('forgotten')!;
  partner.wallet.players.delete('forgotten');
  await api.closeAndRoll(table, [2, 2]); // 4: the field pays even money
  const credits = () =>
    partner.wallet.received
      .filter((call) => call.operation === 'credit')
      .map((call) => JSON.parse(call.body))
      .filter((call) => call.playerId === 'forgotten');
  await expect.poll(() => credits().length).toBeGreaterThanOrEqual(3);
  partner.wallet.players.set('forgotten', player);
  await partner.expectBooksAgree();
  expect(partner.balance('forgotten')).toBe(1_100);
  // Each send after a refusal a request of its own (a wallet remembering answers would repeat its refusal), one movement.
  const sent = credits();
  const [first, ...later] = [...new Set(sent.map((call) => call.requestId))];
  expect(later.length).toBeGreaterThanOrEqual(2);
  expect(later).toEqual(later.map((_, n) => `${first}#${n + 1}`));
  expect(new Set(sent.map(({ requestId: _, ...content }) => JSON.stringify(content))).size).toBe(1);
  await api.closeAndRoll(table, [1, 3]); // 4 again: the point made, back to a come-out
});

describe('a wallet that fails a credit or a rollback', () => {
  it.each([
    // Held unanswered until the tables give up on it.
    ['times out', { kind: 'TIMEOUT' }],
    ['answers 503', { kind: 'SERVER_ERROR' }],
    ['drops the connection after taking it', { kind: 'DROP', when: 'AFTER' }],
    ['answers slowly, within the timeout', { kind: 'SLOW', delayMs: 300 }],
  ] as const)('%s: the call is sent again until taken, once in the books', async (_, fault) => {
    const pending = { when: 'BEFORE', ...fault } as const;
    // A rollback: a debit left unanswered.
    const before = partner.balance('bob');
    partner.wallet.injectFault({ kind: 'SERVER_ERROR', when: 'AFTER', operation: 'debit' });
    const refused = await partner.failing({ ...pending, operation: 'rollback' }, () => placeBet('bob', { type: 'FIELD', amount: 100 }));
    expect(refusalCode(refused)).toBe('WALLET_UNAVAILABLE');
    await partner.expectBooksAgree();
    expect(partner.balance('bob')).toBe(before);
    // A credit: a round won.
    await api.seatShooter(table);
    expect(refusalCode(await placeBet('bob', { type: 'FIELD', amount: 100 }))).toBeUndefined();
    // 4: the field pays even money (and sets the point: the shooter's next come-out waits)
    await partner.failing({ ...pending, operation: 'credit' }, () => api.closeAndRoll(table, [2, 2]));
    await partner.expectBooksAgree();
    expect(partner.balance('bob')).toBe(before + 100);
    await api.closeAndRoll(table, [1, 3]); // 4 again: the point made, back to a come-out
  });
});

it("a table closed with bets on it gives every stake back: the round's by rollback, an earlier round's by a credit", async () => {
  const closing = await api.openTable();
  await api.seatShooter(closing);
  const before = partner.balance('alice');
  await api.data(
    partner.player('alice'),
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code } } }`,
    {
      input: { tableId: closing, type: 'PASS_LINE', amount: 600 },
    },
  );
  await api.closeAndRoll(closing, [4, 2]); // 6: the point; the pass line stays
  const field = await api.data(
    partner.player('alice'),
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code } } }`,
    {
      input: { tableId: closing, type: 'FIELD', amount: 200 },
    },
  );
  expect(partner.balance('alice')).toBe(before - 800);
  await api.data(
    dealer('test-dealer'),
    `mutation ($t: ID!) { closeTable(input: { tableId: $t, reason: "closing early" }) { table { status } userErrors { code } } }`,
    {
      t: closing,
    },
  );
  await partner.expectBooksAgree();
  expect(partner.balance('alice')).toBe(before);
  expect(await getWalletCall(api.db, `STAKE:${field.placeBet.bet.id}`)).toMatchObject({ state: 'ROLLED_BACK' });
});

it('a bet taken down is credited back to the wallet; a void round rolls its debits back', async () => {
  await api.seatShooter(table);
  const before = partner.balance('bob');
  const pass = (await placeBet('bob', { type: 'PASS_LINE', amount: 700 })).data!.placeBet.bet;
  const field = (await placeBet('bob', { type: 'FIELD', amount: 100 })).data!.placeBet.bet;
  expect(partner.balance('bob')).toBe(before - 800);
  await api.data(
    partner.player('bob'),
    `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } userErrors { code } } }`,
    {
      id: field.id,
    },
  );
  await partner.expectBooksAgree();
  expect(partner.wallet.movements.get(`TAKE_DOWN:${field.id}`)).toMatchObject({ operation: 'credit', amount: 100 });
  const sequence = await api.closeBetting(table);
  await api.data(dealer('test-dealer'), `mutation ($input: VoidRoundInput!) { voidRound(input: $input) { userErrors { code } } }`, {
    input: { tableId: table, sequence, reason: 'a die left the table' },
  });
  await partner.expectBooksAgree();
  expect(partner.balance('bob')).toBe(before);
  expect(await getWalletCall(api.db, `STAKE:${pass.id}`)).toMatchObject({ state: 'ROLLED_BACK', operation: 'rollback' });
});

it('30 bets of one player at once, against a wallet holding 10 stakes: 10 taken, never more debited', async () => {
  partner.addPlayer('rich-once', { currency: 'MOP', balance: 1_000 });
  const results = await Promise.all(Array.from({ length: 30 }, () => placeBet('rich-once', { type: 'FIELD', amount: 100 })));
  const taken = results.filter((res) => res.data?.placeBet?.bet);
  expect(taken.length).toBe(10);
  expect(results.filter((res) => refusalCode(res) === 'INSUFFICIENT_FUNDS').length).toBe(20);
  expect(partner.balance('rich-once')).toBe(0);
  await api.closeAndRoll(table, [2, 2]); // the field pays even money on 4
  await partner.expectBooksAgree();
  expect(partner.balance('rich-once')).toBe(2_000);
});

// A crowd of 30 at a table of the tests' 4 shards, in one server: several players to a shard, whose
// transactions there take turns. A crowd of 100 at a table of 512 shards, each request as in a Lambda
// instance of its own, is figure 8 of `npm run bench`.
it('30 players betting at once at one table through their wallets meet no CONFLICT (the conflict model on)', async () => {
  const crowd = Array.from({ length: 30 }, (_, i) => `crowd-${i}`);
  for (const subject of crowd) partner.addPlayer(subject, { currency: 'MOP', balance: 1_000 });
  const refusedBefore = api.conflictModel.stats.refusedTransactions;
  const results = await Promise.all(crowd.map((subject) => placeBet(subject, { type: 'FIELD', amount: 100 })));
  expect(results.map(refusalCode).filter(Boolean)).toEqual([]);
  expect(crowd.map((subject) => partner.balance(subject))).toEqual(crowd.map(() => 900));
  // A bet's transaction touches its player's items and its shard's gate, where this server's bets take turns: none met another's.
  expect(api.conflictModel.stats.refusedTransactions).toBe(refusedBefore);
  await api.closeAndRoll(table, [1, 3]); // 4: the field pays even money
  await partner.expectBooksAgree();
  expect(crowd.map((subject) => partner.balance(subject))).toEqual(crowd.map(() => 1_100));
});

it("a jackpot prize is credited to the winner's wallet, apart from the round's credit", async () => {
  const operator = dealer('test-dealer');
  const pool = await api.data(
    operator,
    `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
    { input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS } },
  );
  const poolId = pool.openJackpotPool.jackpotPool.id;
  const baccarat = await api.openTable({ game: 'BACCARAT', baccarat: { jackpot: { poolId, contributionBasisPoints: 0 } } });
  partner.addPlayer('lucky', { currency: 'MOP', balance: 1_000 });
  const bet = (type: string) =>
    api.data(
      partner.player('lucky'),
      `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
      {
        input: { tableId: baccarat, type, amount: 100, seat: 1 },
      },
    );
  await bet('PLAYER');
  const jackpotBet = (await bet('JACKPOT')).placeBet.bet;
  const sequence = await api.closeBetting(baccarat);
  await api.data(
    operator,
    `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["5S", "KH", "5D", "9C"], sequence: $s }) { userErrors { code message } } }`,
    { t: baccarat, s: sequence },
  );
  await partner.expectBooksAgree();
  const prize = [...partner.wallet.movements].find(([id]) => id.startsWith('PRIZE:'));
  expect(prize?.[1]).toMatchObject({ operation: 'credit' });
  expect(prize![1].amount).toBeGreaterThan(0);
  expect(JSON.parse(partner.wallet.received.find((call) => call.body.includes(prize![0]))!.body).betIds).toEqual([jackpotBet.id]);
});

it("the cashier opens no account for a seamless partner's player, nor pays into one", async () => {
  const operator = dealer('test-dealer');
  const opened = await api.graphql(
    operator,
    `mutation { openAccount(input: { playerId: "seamless-co/alice" }) { account { id } userErrors { code field } } }`,
  );
  expect(opened.data!.openAccount.userErrors).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'playerId'] }]);
  const paid = await api.graphql(
    operator,
    `mutation { deposit(input: { playerId: "seamless-co/alice", amount: 100, reference: "no-account" }) { account { id } userErrors { code field } } }`,
  );
  expect(paid.data!.deposit.userErrors).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'playerId'] }]);
  expect(await api.balance('seamless-co/alice')).toBeUndefined();
});

it('a push returns the stake to the wallet by the round’s credit', async () => {
  const baccarat = await api.openTable({ game: 'BACCARAT' });
  partner.addPlayer('even', { currency: 'MOP', balance: 1_000 });
  await api.data(
    partner.player('even'),
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code } } }`,
    {
      input: { tableId: baccarat, type: 'PLAYER', amount: 300 },
    },
  );
  expect(partner.balance('even')).toBe(700);
  const sequence = await api.closeBetting(baccarat);
  await api.data(
    dealer('test-dealer'),
    `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["8H", "8C", "KD", "KS"], sequence: $s }) { userErrors { code } } }`,
    {
      t: baccarat,
      s: sequence,
    },
  ); // a tie: the Player bet pushes
  await partner.expectBooksAgree();
  expect(partner.balance('even')).toBe(1_000);
  const credits = [...partner.wallet.movements.values()].filter(
    (movement) => movement.operation === 'credit' && movement.playerId === 'even',
  );
  expect(credits.map((credit) => credit.amount)).toEqual([300]);
});
