/**
 * A seamless player's chips sent at once through many servers (each request as a Lambda instance
 * of its own: no turns between them, the conflict model on), with the wallet workers' queue late
 * as SQS may be: each bet is debited once, whatever races its placement loses on the way, and its
 * debit is kept for its next attempt rather than rolled back and asked for again (which a wallet
 * still holding the first stake would refuse: the player's chips refused for money they hold).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refusalCode } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner, type SeamlessPartner } from '../../support/seamless-partner';

const api = useTestApi({
  instancePerRequest: true,
  // Each message of the wallet workers' queue delivered 0 to 1 s late.
  wrapWalletQueue: (queue) => ({
    send: async (messages, options) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_000));
      await queue.send(messages, options);
    },
  }),
});
let partner: SeamlessPartner;
let table: string;

beforeAll(async () => {
  partner = await startSeamlessPartner(api, 'chips-co', {});
  table = await api.openTable();
});
afterAll(() => partner.wallet.close());

/** Five chips of a come-out roll, on five spots, 700 in all. */
const CHIPS = [
  { type: 'PASS_LINE', amount: 100 },
  { type: 'FIELD', amount: 100 },
  { type: 'ANY_SEVEN', amount: 100 },
  { type: 'ANY_CRAPS', amount: 100 },
  { type: 'HORN', amount: 400 },
];
const STAKES = CHIPS.reduce((sum, chip) => sum + chip.amount, 0);

it.each([1, 2, 3])(
  "run %i: a player's 5 chips at once through 5 servers, the wallet holding exactly their stakes: 5 placed, 5 debits, 0 rollbacks",
  async (run) => {
    const subject = `chips-${run}`;
    partner.addPlayer(subject, { currency: 'MOP', balance: STAKES });
    const received = partner.wallet.received.length;
    const results = await Promise.all(
      CHIPS.map((chip) =>
        api.graphql(
          partner.player(subject),
          `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
          { input: { tableId: table, ...chip } },
        ),
      ),
    );
    expect(results.map(refusalCode)).toEqual(CHIPS.map(() => undefined));
    const calls = partner.wallet.received.slice(received).filter((call) => call.body.includes(`"playerId":"${subject}"`));
    expect(calls.filter((call) => call.operation === 'debit')).toHaveLength(5);
    expect(calls.filter((call) => call.operation === 'rollback')).toHaveLength(0);
    expect(partner.balance(subject)).toBe(0);
    await partner.expectBooksAgree();
  },
);
