/**
 * A refusal carries what its message names as data (docs/API.md, "Errors"): its amounts with
 * their currency, the bet types, the counts and moments, so that any client says it in its own
 * language; the English message writes the same amounts in their currency's units. Through real
 * HTTP: a mutation's userErrors, and a GraphQL error's extensions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const PLACE = `mutation ($input: PlaceBetInput!) {
  placeBet(input: $input) { bet { id } userErrors { code message field params { name kind amount currency betType number momentAt text } } }
}`;
/** The placeBet payload of a bet the API refuses. */
const refused = async (who: string, input: Record<string, unknown>) => (await api.graphql(who, PLACE, { input })).data!.placeBet;
const param = (fields: Record<string, unknown>) => ({
  amount: null,
  currency: null,
  betType: null,
  number: null,
  momentAt: null,
  text: null,
  ...fields,
});

let table: string;
let yenTable: string;
beforeAll(async () => {
  table = await api.openTable();
  yenTable = await api.openTable({ currency: 'JPY', minimumBet: 100, maximumBet: 100_000 });
  await api.fundAccount('params-player', 500);
  await api.fundAccount('yen-params-player', 1_000_000, 'JPY');
});

describe("a refusal's parameters", () => {
  it("are the stake's maximum in the table's currency and the bet type, and the message writes them in the currency's units", async () => {
    const placeBet = await refused('yen-params-player', { tableId: yenTable, type: 'PASS_LINE', amount: 200_000 });
    expect(placeBet.userErrors).toEqual([
      {
        code: 'STAKE_ABOVE_MAXIMUM',
        message: 'The stake is above the Pass Line maximum of 100,000 JPY.',
        field: ['input', 'amount'],
        params: [
          param({ name: 'betType', kind: 'BET_TYPE', betType: 'PASS_LINE' }),
          param({ name: 'maximum', kind: 'MONEY', amount: 100_000, currency: 'JPY' }),
        ],
      },
    ]);
  });

  it("are the player's balance when the stake exceeds it, the bet type a phase refuses, and none for a refusal that names nothing", async () => {
    const poor = await refused('params-player', { tableId: table, type: 'PASS_LINE', amount: 1_000 });
    expect(poor.userErrors[0]).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'The stake exceeds your balance of 5.00 MOP.',
      params: [param({ name: 'balance', kind: 'MONEY', amount: 500, currency: 'MOP' })],
    });
    const early = await refused('params-player', { tableId: table, type: 'COME', amount: 100 });
    expect(early.userErrors[0]).toMatchObject({
      code: 'BET_NOT_ALLOWED_IN_PHASE',
      params: [param({ name: 'betType', kind: 'TEXT', text: 'COME' })],
    });
    const nowhere = await refused('params-player', { tableId: 'no-such-table', type: 'PASS_LINE', amount: 100 });
    expect(nowhere.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', params: [] });
    for (const refusal of [poor.userErrors[0], early.userErrors[0], nowhere.userErrors[0]]) expect(refusal.message).not.toMatch(/[{}]/);
  });

  it("are a dealer's refusals' too: a shooter who may not shoot, named the table minimum", async () => {
    const shooting = await api.graphql(
      { id: 'test-dealer', roles: ['dealer', 'operator'] },
      `mutation ($input: SetShooterInput!) { setShooter(input: $input) { table { id } userErrors { code params { name amount currency } } } }`,
      { input: { tableId: table, playerId: 'params-player' } },
    );
    const refusal = shooting.data?.setShooter?.userErrors?.[0] ?? shooting.errors?.[0]?.extensions;
    expect(refusal.code).toBe('SHOOTER_NOT_ELIGIBLE');
    expect(refusal.params).toEqual([expect.objectContaining({ name: 'minimum', amount: 100, currency: 'MOP' })]);
  });
});
