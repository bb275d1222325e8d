/**
 * A live table at online scale, with real DynamoDB's transaction conflicts modelled: many players
 * betting at once are each answered (never a CONFLICT), and closing betting while bets are in
 * flight loses or overcharges nobody. (A round of 2,000 bets: online-round.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSY_TABLE_SHARDS, dealer, refusalCode, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { listOpenBets } from '../../../functions/store/betting/bets';

const api = useTestApi();
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

const DEALER = dealer('online-dealer');
let tableId: string;
// Over the default 64 gate shards, as a busy table is opened: many players at once share them.
beforeEach(async () => {
  const opened = await api.data(
    DEALER,
    `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000, betShards: ${BUSY_TABLE_SHARDS} }) { table { id } userErrors { code message } } }`,
  );
  tableId = opened.openTable.table.id;
});

const placeBet = (player: string, type: string, amount: number) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, {
    input: { tableId, type, amount },
  });
const players = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('a hundred players betting at one table at the same moment', () => {
  it('are each answered: their 200 bets accepted or refused by a rule, never CONFLICT, and every balance exact', async () => {
    const crowd = players(100, 'crowd');
    await api.fundNewAccounts(crowd, 1_000);
    const refusedBefore = api.conflictModel.stats.refusedTransactions;

    // Two bets each at once; 'crowd-0'...'crowd-9' bet more than they hold on the second.
    const answers = await Promise.all(
      crowd.flatMap((player, i) => [
        placeBet(player, 'FIELD', 500).then((res) => ({ player, amount: 500, res })),
        placeBet(player, 'BIG', i < 10 ? 900 : 400).then((res) => ({ player, amount: i < 10 ? 900 : 400, res })),
      ]),
    );

    const codes = answers.map(({ res }) => refusalCode(res) ?? 'PLACED');
    expect(codes).not.toContain('CONFLICT');
    expect(new Set(codes)).toEqual(new Set(['PLACED', 'INSUFFICIENT_FUNDS']));
    expect(codes.filter((code) => code === 'PLACED').length).toBeGreaterThanOrEqual(190);
    for (const player of crowd) {
      const staked = answers.filter((a) => a.player === player && !refusalCode(a.res)).reduce((sum, a) => sum + a.amount, 0);
      expect(await api.balance(player), player).toBe(1_000 - staked);
    }
    expect((await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS)).length).toBe(codes.filter((code) => code === 'PLACED').length);
    // A player's two bets share an account, and one gate shard serves several players: in one server they take
    // turns there (turns.ts) rather than meet real DynamoDB's refusals (races between servers: betting-burst.test.ts).
    expect(api.conflictModel.stats.refusedTransactions).toBe(refusedBefore);
  });
});

describe('closing betting while bets are in flight', () => {
  it('puts every bet on the round or refuses it with BETTING_CLOSED: none lost, none charged without a bet', async () => {
    const crowd = players(20, 'late');
    await api.fundNewAccounts(crowd, 10_000);
    await api.seatShooter(tableId, { type: 'DONT_PASS' }); // a roll needs a shooter (art. 2.1); the 3 pays Don't Pass too

    // Each player bets again as soon as their last bet is answered, until one is refused: bets are
    // in flight the whole time, and every player ends with a refusal.
    const LANDED_BEFORE_CLOSE = 20;
    let landed = 0;
    let closeAnswered = false;
    let closeFailed = false;
    let enoughLanded!: () => void;
    const someLanded = new Promise<void>((resolve) => (enoughLanded = resolve));
    const betUntilRefused = async (player: string) => {
      const answers: { player: string; res: GraphQLResponse; sentBeforeCloseAnswered: boolean }[] = [];
      for (;;) {
        const sentBeforeCloseAnswered = !closeAnswered;
        const res = await placeBet(player, 'FIELD', 100);
        answers.push({ player, res, sentBeforeCloseAnswered });
        if (refusalCode(res) || closeFailed) return answers;
        if (++landed === LANDED_BEFORE_CLOSE) enoughLanded();
      }
    };
    const betting = Promise.all(crowd.map(betUntilRefused));
    // "No more bets" once some bets have landed, while the others are on their way.
    await Promise.race([someLanded, betting]); // (all refused early: the checks below say why)
    const sequence = await api.closeBetting(tableId).catch((error: unknown) => {
      closeFailed = true; // the players stop betting, and the test fails
      throw error;
    });
    closeAnswered = true;
    const answers = (await betting).flat();

    const placed = answers.filter(({ res }) => !refusalCode(res));
    const refused = answers.filter(({ res }) => refusalCode(res));
    expect(placed.length).toBeGreaterThanOrEqual(LANDED_BEFORE_CLOSE);
    expect(refused).toHaveLength(crowd.length);
    for (const { res } of refused) expect(refusalCode(res)).toBe('BETTING_CLOSED');
    // The race happened: bets sent before the close was answered met it (refused) or beat it (placed).
    expect(refused.some(({ sentBeforeCloseAnswered }) => sentBeforeCloseAnswered)).toBe(true);

    // Every bet accepted is on the round, and nothing else is; a refused bet charged nothing.
    const layout = (await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS)).filter((bet) => bet.playerId !== 'test-shooter');
    expect(layout.map((bet) => bet.id).sort()).toEqual(placed.map(({ res }) => res.data!.placeBet.bet.id).sort());
    const placedBy = (player: string) => placed.filter((answer) => answer.player === player).length;
    for (const player of crowd) expect(await api.balance(player), player).toBe(10_000 - 100 * placedBy(player));

    // The roll (a 3: the Field wins) pays every bet on the round, and nobody else.
    const rolled = await api.graphql(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [1, 2], sequence: $s }) { settlementComplete settlements { returned } } }`,
      { t: tableId, s: sequence },
    );
    expect(rolled.data!.submitRoll).toMatchObject({ settlementComplete: true });
    expect(rolled.data!.submitRoll.settlements).toHaveLength(placed.length + 1); // and the shooter's
    for (const player of crowd) expect(await api.balance(player), player).toBe(10_000 + 100 * placedBy(player));
  });
});
