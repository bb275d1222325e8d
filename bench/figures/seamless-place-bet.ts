/**
 * Figure 8: placeBet for a seamless partner's player over HTTP, through the real handler, whose
 * stake is debited in the partner's wallet (the reference wallet, over real HTTP on this machine)
 * before the bet is taken. Floor: the same wallet's debit called alone (signed, answered, checked)
 * plus a transfer player's placeBet at the same table, taken side by side: what a seamless bet
 * cannot do without. The difference is the debit's outbox item (written before the call) and its
 * confirmation in the bet's transaction.
 */
import { randomUUID } from 'node:crypto';
import { configurePartnerWallet, forgetPartnerWallet } from '../../functions/services/wallet/partner-wallets';
import { getPartnerWallet, putPartnerWallet } from '../../functions/store/wallet/partner-wallets';
import { sendWalletCall } from '../../functions/wallet/wallet-client';
import { startReferenceWallet, type ReferenceWallet } from '../../local/reference-wallet';
import { MAX_BET_SHARDS } from '../../functions/store/kernel/keys';
import { PLACE_BET, TAKE_DOWN_BET, raced, refusal, refusalOf, tally, type BenchEnvironment } from '../harness/bench-environment';
import { interleaved, median, percentile, timed } from '../harness/statistics';
import { againstFloor, againstTarget, measured, type FigureRow } from '../harness/results';

export interface SeamlessPlaceBetOptions {
  readonly samples: number;
  /** Seamless players betting once each, all at once, at one table of the most shards. */
  readonly crowd: number;
}

const PARTNER = 'bench-seamless';
const SEAMLESS_PLAYER = 'seamless-player';
const TRANSFER_PLAYER = 'bench-transfer-player';
const SECRET = randomUUID() + randomUUID();
/** At most this many of every 100 placement transactions may meet a conflict, at a table of the most shards (as figure 3). */
const MAX_REFUSED_PER_100 = 10;
/** How long the tables wait for the bench's wallet, and the bench for its credits: far past any answer on a loaded machine. */
const PATIENT_WALLET_MS = 60_000;
const PATIENT_CREDITS_MS = 5 * 60_000;

export async function seamlessPlaceBet(env: BenchEnvironment, options: SeamlessPlaceBetOptions) {
  // The partner on wallet contract version 2, its wallet keeping rounds as a strict wallet does.
  const wallet = await startReferenceWallet({
    secret: SECRET,
    version: 2,
    players: { [SEAMLESS_PLAYER]: { currency: 'MOP', balance: 1_000_000_000 }, floor: { currency: 'MOP', balance: 1_000_000_000 } },
  });
  try {
    await configurePartnerWallet(
      env.setup,
      { playerId: 'bench-operator', roles: new Set(['OPERATOR']) },
      {
        partner: PARTNER,
        mode: 'SEAMLESS',
        baseUrl: wallet.url,
        currencies: ['MOP'],
        secret: SECRET,
        contractVersion: 2,
      },
    );
    // A wallet call unanswered in 3 s (the default) would fail the figure on a loaded machine, where it measures only how
    // long answers take: the bench waits as long as a loaded machine needs (past the API's range, so written to the store).
    await putPartnerWallet(env.setup.db, { ...(await getPartnerWallet(env.setup.db, PARTNER))!, timeoutMs: PATIENT_WALLET_MS });
    forgetPartnerWallet(env.setup, PARTNER);
    await env.fundPlayers([TRANSFER_PLAYER], 1_000_000_000);
    const tableId = await env.openCrapsTable();
    const seamlessToken = await env.token(SEAMLESS_PLAYER, [], PARTNER);
    const transferToken = await env.token(TRANSFER_PLAYER);

    /** Places a bet and takes it down (untimed: a seamless take-down is a credit the workers send). */
    const placeOnce = async (token: string) => {
      const answer = await env.graphql(token, PLACE_BET, { input: { tableId, type: 'FIELD', amount: 100 } });
      if (refusal(answer)) throw new Error(`placeBet refused: ${JSON.stringify(refusalOf(answer))}`);
      const takenDown = await env.graphql(token, TAKE_DOWN_BET, { id: answer.data!.placeBet.bet.id });
      if (refusal(takenDown)) throw new Error(`takeDownBet refused: ${JSON.stringify(refusalOf(takenDown))}`);
      return answer.ms;
    };
    /** The wallet's debit alone, as the tables sign and send it; given back by a credit, untimed. */
    const debitOnce = async () => {
      const transactionId = `FLOOR:${randomUUID()}`;
      const call = {
        playerId: 'floor',
        currency: 'MOP',
        amount: 100,
        tableId,
        roundId: `${tableId}.1`,
        betIds: [],
        partner: PARTNER,
        roundClosed: false,
      };
      // As the tables call a version 2 wallet: its answer must name the request.
      const endpoint = { baseUrl: wallet.url, secret: SECRET, contract: 2 as const };
      const { ms, result } = await timed(() =>
        sendWalletCall(endpoint, 'debit', JSON.stringify({ requestId: transactionId, transactionId, ...call })),
      );
      if (result.kind !== 'ANSWERED' || result.answer.status !== 'OK')
        throw new Error(`the floor's debit failed: ${JSON.stringify(result)}`);
      const credit = `${transactionId}:back`;
      await sendWalletCall(
        endpoint,
        'credit',
        JSON.stringify({ requestId: credit, transactionId: credit, ...call, creditKind: 'ROUND_RESULT' }),
      );
      return ms;
    };

    for (let i = 0; i < 5; i++) await Promise.all([placeOnce(seamlessToken), placeOnce(transferToken), debitOnce()]);
    const seamless: number[] = [];
    const transfer: number[] = [];
    const debit: number[] = [];
    await interleaved(options.samples, [
      async () => {
        seamless.push(await placeOnce(seamlessToken));
      },
      async () => {
        transfer.push(await placeOnce(transferToken));
      },
      async () => {
        debit.push(await debitOnce());
      },
    ]);
    const crowd = await seamlessCrowd(env, wallet, options.crowd);
    // Every take-down's credit delivered by the wallet workers before the figure ends (and the bench's DynamoDB stops).
    const takeDowns = 5 + options.samples + crowd.placed;
    const credited = () => [...wallet.movements.keys()].filter((id) => id.startsWith('TAKE_DOWN:')).length;
    for (let waited = 0; credited() < takeDowns && waited < PATIENT_CREDITS_MS; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (credited() < takeDowns) throw new Error(`${takeDowns - credited()} take-down credits were not delivered`);
    const floor = transfer.map((ms, i) => ms + debit[i]!);
    const rows: FigureRow[] = [
      againstFloor('seamless placeBet p50', median(seamless), median(floor), 'ms', 1.3),
      againstFloor('seamless placeBet p99', percentile(seamless, 99), percentile(floor, 99), 'ms', 1.5),
      measured(
        'floor parts p50',
        median(transfer),
        'ms',
        `a transfer player's placeBet; the wallet's debit alone ${median(debit).toFixed(2)} ms`,
      ),
      againstTarget(
        `CONFLICT answers, ${options.crowd} seamless players betting at once at one table`,
        crowd.conflicts,
        'answers',
        { max: 0 },
        `${crowd.placed} placed; other refusals: ${crowd.otherRefusals}`,
      ),
      againstTarget(
        `transactions refused by the conflict model, the same ${options.crowd} players`,
        crowd.refusedPer100,
        'per 100 transactions',
        { max: MAX_REFUSED_PER_100 },
        crowd.refusedDetail,
      ),
    ];
    return {
      rows,
      notes: [
        `${options.samples} samples of each, interleaved, at one table; each bet taken down after (untimed).`,
        `The crowd: ${options.crowd} seamless players new to the table, each placing one FIELD 100 at the same moment at a table of ${MAX_BET_SHARDS} shards, each request as in a Lambda instance of its own (no turns between requests), the conflict model on; each bet taken down after (untimed).`,
        "A seamless bet writes the debit's outbox item before the call (for a partner on wallet contract version 2, in one transaction with the player's round item, which lists it), and its transaction confirms the item instead of debiting an account: one write (version 2: a transaction of two) more than a transfer bet, and the wallet's round trip.",
      ],
    };
  } finally {
    await wallet.close();
  }
}

/**
 * `crowd` seamless players each place one bet at the same moment at a table of the most shards, then
 * take it down: what they are answered, and how many placement transactions the conflict model refused.
 */
async function seamlessCrowd(env: BenchEnvironment, wallet: ReferenceWallet, crowd: number) {
  const tableId = await env.openCrapsTable(MAX_BET_SHARDS);
  const players = Array.from({ length: crowd }, (_, i) => `seamless-crowd-${i}`);
  for (const playerId of players) wallet.players.set(playerId, { currency: 'MOP', balance: 1_000_000 });
  const tokens = await Promise.all(players.map((playerId) => env.token(playerId, [], PARTNER)));
  const {
    result: answers,
    refused,
    sent,
  } = await raced(env, () =>
    Promise.all(
      tokens.map((token) => env.graphql(token, PLACE_BET, { input: { tableId, type: 'FIELD', amount: 100 } }, { asInstances: true })),
    ),
  );
  const codes = answers.map(refusal);
  for (const [i, answer] of answers.entries()) {
    if (codes[i] !== undefined) continue;
    const takenDown = await env.graphql(tokens[i]!, TAKE_DOWN_BET, { id: answer.data!.placeBet.bet.id });
    if (refusal(takenDown)) throw new Error(`takeDownBet refused: ${JSON.stringify(refusalOf(takenDown))}`);
  }
  const otherRefusals = tally(codes.filter((code) => code !== undefined && code !== 'CONFLICT'));
  return {
    placed: codes.filter((code) => code === undefined).length,
    conflicts: codes.filter((code) => code === 'CONFLICT').length,
    otherRefusals,
    refusedPer100: sent === 0 ? 0 : (100 * refused) / sent,
    refusedDetail: `${refused} of ${sent} transactions`,
  };
}
