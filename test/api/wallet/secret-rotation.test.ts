import { randomUUID } from 'node:crypto';
/**
 * A seamless partner's wallet secret rotates in the middle of play (docs/WALLET.md, "Rotating the
 * secret"), through the real API and its real Lambda handler, against the reference wallet over
 * real HTTP: players bet and rounds settle without a pause while an operator rotates the secret on
 * demand, and while a scheduled rotation runs its four steps through the real rotation function,
 * Secrets Manager played locally over the same store (local/secret-rotation.ts). Every bet is taken,
 * every credit delivered, no call or answer is refused for its signature, both books agree to the
 * unit; and once the overlap is over, the secret rotated away from is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalOf, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner, SEAMLESS_SECRET, type SeamlessPartner } from '../../support/seamless-partner';
import { issueCredential, partnerCall, type PartnerSigner } from '../../support/partner-launch';
import { localSecretRotation } from '../../../local/secret-rotation';
import { secretRotator } from '../../../functions/workers/secret-rotation-handler';
import { ringOf, type SecretRing } from '../../../functions/services/wallet/secret-ring';

/** A secret-answering call's body, unique: two calls of one second with the same body would sign alike, and a signature is taken once. */
const once = () => ({ requestId: randomUUID() });

const OVERLAP_MS = 60 * 60_000;
/** The handler's clock: real time, moved past the overlap when a test says. */
let ahead = 0;
const api = useTestApi({
  clock: () => new Date(Date.now() + ahead).toISOString(),
  secretOverlapMs: OVERLAP_MS,
  walletRetryDelayMs: (attempts) => 25 * 2 ** (attempts - 1),
});
const OPERATOR = dealer('test-dealer');
const PARTNER = 'rotating-co';
const PLAYERS = ['ana', 'ben', 'cai', 'dee'] as const;
const OPENING = 1_000_000;
const STAKE = 100;
/** Field bets: a 3 wins even money, a 7 loses. */
const ROLLS = [
  { dice: [1, 2], won: true },
  { dice: [3, 4], won: false },
] as const;

let partner: SeamlessPartner;
let table: string;
let signer: PartnerSigner;

beforeAll(async () => {
  partner = await startSeamlessPartner(api, PARTNER, Object.fromEntries(PLAYERS.map((p) => [p, { currency: 'MOP', balance: OPENING }])));
  table = await api.openTable();
  // The partner's backend signs its calls with a launch credential (docs/LAUNCH.md): it fetches the next secret with it.
  signer = await issueCredential(api, PARTNER);
});

const ring = async (): Promise<SecretRing> => ringOf((await api.deps.walletSecrets!.get(PARTNER))!);

const ROTATE = `mutation ($partner: ID!) {
  rotatePartnerWalletSecret(input: { partner: $partner }) { nextSecret { partner secret madeAt } userErrors { code field message } }
}`;
const FINISH = `mutation ($partner: ID!) {
  finishPartnerWalletSecretRotation(input: { partner: $partner }) { rotation { movedAt previousDroppedAt } userErrors { code field } }
}`;

/** The play: rounds of a field bet by every player, then a roll, until told to stop; what each bet was answered, and each roll. */
function play() {
  const answers: GraphQLResponse[] = [];
  const won: boolean[] = [];
  let stop = false;
  const running = (async () => {
    while (!stop) {
      await api.seatShooter(table);
      answers.push(
        ...(await Promise.all(
          PLAYERS.map((player) =>
            api.graphql(
              partner.player(player),
              `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id status } userErrors { code message } } }`,
              { input: { tableId: table, type: 'FIELD', amount: STAKE } },
            ),
          ),
        )),
      );
      const roll = ROLLS[won.length % ROLLS.length]!;
      await api.closeAndRoll(table, roll.dice);
      won.push(roll.won);
    }
  })();
  return {
    answers,
    /** Waits until `more` rounds more than now have been played: the rotation's next move happens during play. */
    rounds: async (more: number) => {
      const target = won.length + more;
      await expect.poll(() => won.length).toBeGreaterThanOrEqual(target);
    },
    stop: async () => {
      stop = true;
      await running;
      return won;
    },
  };
}

describe("a partner's wallet secret rotating during play", () => {
  it('loses and refuses nothing: rotated on demand, then on the schedule, with the partner following each', async () => {
    const game = play();
    await game.rounds(2);

    // On demand: the operator is answered the next secret, once. Calls are still signed with the old one.
    const rotated = (await api.data(OPERATOR, ROTATE, { partner: PARTNER })).rotatePartnerWalletSecret.nextSecret;
    expect(rotated).toEqual({ partner: PARTNER, secret: expect.stringMatching(/^[0-9a-f]{64}$/), madeAt: expect.any(String) });
    const again = await api.graphql(OPERATOR, ROTATE, { partner: PARTNER });
    expect(again.data!.rotatePartnerWalletSecret.userErrors).toEqual([
      expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'partner'] }),
    ]);
    expect(await ring()).toMatchObject({ current: SEAMLESS_SECRET, next: rotated.secret });
    // An operator's next secret is theirs to hand over: a launch credential (leaked, maybe) cannot fetch it.
    const notToTheCredential = await partnerCall(api, signer, '/partner/v1/wallet-secret/next', once());
    expect([notToTheCredential.status, notToTheCredential.body.error.code]).toEqual([404, 'NOT_FOUND']);
    await game.rounds(2);

    // The partner takes it (handed over by the operator): calls signed with either are taken, answers signed with the new one.
    partner.wallet.takeNextSecret(rotated.secret);
    // Its first answer so signed moves the ring: the calls are signed with the new secret from then on.
    await expect.poll(async () => (await ring()).current).toBe(rotated.secret);
    expect(await ring()).toMatchObject({ previous: SEAMLESS_SECRET });
    await game.rounds(2);

    // On the schedule: Secrets Manager runs the rotation function's four steps, rounds being played between them.
    const nothingYet = await partnerCall(api, signer, '/partner/v1/wallet-secret/next', once());
    expect([nothingYet.status, nothingYet.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const local = localSecretRotation(api.deps.walletSecrets!);
    await local.rotate(PARTNER, secretRotator(api.deps, local.versions), () => game.rounds(1));
    const scheduled = await ring();
    expect(scheduled).toMatchObject({ current: rotated.secret, next: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await game.rounds(1);

    // The partner's backend fetches the next secret itself, signed with its launch credential, and follows.
    const at = Date.now();
    const body = once();
    const fetched = await partnerCall(api, signer, '/partner/v1/wallet-secret/next', body, at);
    expect(fetched).toEqual({ status: 200, body: { secret: scheduled.next, madeAt: scheduled.nextMadeAt } });
    // Its signature answers once: the same headers, read from a log say, answer nothing.
    const replayed = await partnerCall(api, signer, '/partner/v1/wallet-secret/next', body, at);
    expect([replayed.status, replayed.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    partner.wallet.takeNextSecret(fetched.body.secret);
    await expect.poll(async () => (await ring()).current).toBe(fetched.body.secret);
    await game.rounds(2);
    const won = await game.stop();

    // Every bet taken, every round paid to the unit, nothing refused for its signature on either side.
    expect(game.answers.map(refusalOf).filter(Boolean)).toEqual([]);
    expect(game.answers).toHaveLength(PLAYERS.length * won.length);
    await partner.expectBooksAgree();
    const net = won.reduce((sum, win) => sum + (win ? STAKE : -STAKE), 0);
    for (const player of PLAYERS) expect(partner.balance(player)).toBe(OPENING + net);
    expect(partner.wallet.refusedSignatures).toEqual([]);
    expect(await callsWithProblems()).toEqual([]);
    expect(api.loggedErrors).toEqual([]);
    const after = await ring();
    expect([after.current, after.previous, after.next]).toEqual([fetched.body.secret, rotated.secret, undefined]);
  });

  it('takes answers signed with the secret rotated away from for the overlap, then refuses them; the one before, at once', async () => {
    const { current, previous } = await ring();
    // A server of the partner's wallet left behind, still signing with the old secret: taken during the overlap.
    partner.wallet.signAnswersWith(previous);
    await api.seatShooter(table);
    expect(refusalOf(await bet('ana'))).toBeUndefined();

    // The secret before it was dropped when the ring moved again: refused already.
    partner.wallet.signAnswersWith(SEAMLESS_SECRET);
    expect(refusalOf(await bet('ana'))?.code).toBe('WALLET_UNAVAILABLE');

    // Past the overlap, the old secret is refused too: the bet is not taken, its debit rolled back.
    ahead += OVERLAP_MS;
    partner.wallet.signAnswersWith(previous);
    expect(refusalOf(await bet('ben'))?.code).toBe('WALLET_UNAVAILABLE');
    expect(await ring()).toMatchObject({ current, previous });

    // The wallet signs with the secret in use again: the rollbacks land, and the books agree.
    partner.wallet.signAnswersWith(undefined);
    await partner.expectBooksAgree();
    await api.closeAndRoll(table, [3, 4]);
    await partner.expectBooksAgree();
  });

  it('is finished by an operator for a partner that holds the next secret but still signs with the old one', async () => {
    expect((await api.graphql(OPERATOR, FINISH, { partner: PARTNER })).data!.finishPartnerWalletSecretRotation.userErrors).toEqual([
      { code: 'NOT_FOUND', field: ['input', 'partner'] },
    ]);
    const { current } = await ring();
    const { secret } = (await api.data(OPERATOR, ROTATE, { partner: PARTNER })).rotatePartnerWalletSecret.nextSecret;
    partner.wallet.takeNextSecret(secret, { signAnswers: false });
    await api.seatShooter(table);
    expect(refusalOf(await bet('cai'))).toBeUndefined();
    expect((await ring()).current).toBe(current);

    const finished = (await api.data(OPERATOR, FINISH, { partner: PARTNER })).finishPartnerWalletSecretRotation.rotation;
    expect(Date.parse(finished.previousDroppedAt) - Date.parse(finished.movedAt)).toBe(OVERLAP_MS);
    expect(await ring()).toMatchObject({ current: secret, previous: current });
    // Calls signed with the new secret, answers with the old one: both taken.
    expect(refusalOf(await bet('cai'))).toBeUndefined();
    await api.closeAndRoll(table, [1, 2]);
    await partner.expectBooksAgree();
    expect(partner.wallet.refusedSignatures).toEqual([]);
  });

  it("is the house operators' alone", async () => {
    const partnerOperator = { id: 'op', roles: ['operator'], partner: PARTNER };
    for (const mutation of [ROTATE, FINISH])
      expect(refusalOf(await api.graphql(partnerOperator, mutation, { partner: PARTNER }))?.code).toBe('FORBIDDEN');
    const unknown = await api.graphql(OPERATOR, ROTATE, { partner: 'never-seamless' });
    expect(unknown.data!.rotatePartnerWalletSecret.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT' })]);
  });
});

const bet = (player: string) =>
  api.graphql(
    partner.player(player),
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
    { input: { tableId: table, type: 'FIELD', amount: STAKE } },
  );

/** The partner's wallet calls of today (and of the day the moved clock says) that did not go through at once, or were not confirmed. */
async function callsWithProblems(): Promise<unknown[]> {
  const days = new Set([new Date().toISOString().slice(0, 10), new Date(Date.now() + ahead).toISOString().slice(0, 10)]);
  const calls = [];
  for (const day of days) {
    const report = await api.data(
      OPERATOR,
      `query ($partner: ID!, $day: Date!) {
        partnerWalletReport(partner: $partner, day: $day) { callPage(first: 1000) { calls { transactionId state lastProblem } nextCursor } }
      }`,
      { partner: PARTNER, day },
    );
    expect(report.partnerWalletReport.callPage.nextCursor).toBeNull();
    calls.push(...report.partnerWalletReport.callPage.calls);
  }
  expect(calls.length).toBeGreaterThan(0);
  return calls.filter(
    (call: { state: string; lastProblem: string | null }) =>
      call.state !== 'CONFIRMED' || (call.lastProblem !== null && call.lastProblem !== "waiting for the round's other calls"),
  );
}
