/**
 * A baccarat table's roads through the API: each round carries its shoe and its place in it, and
 * the table gives the shoe in use's roads, built by the rules layer from the rounds as recorded.
 */
import { describe, expect, it } from 'vitest';
import { shoeRoads, type RoadResult } from '../../../functions/rules/baccarat';
import { dealer } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const DEALER = dealer('roads-dealer');

/** Four-card rounds (no third card), in dealt order: Player, Banker, Player, Banker. */
const BANKER = ['KD', '9H', 'QC', 'KS']; // Player 0, Banker 9: a natural
const PLAYER = ['9S', 'KD', 'KH', 'QC']; // Player 9, Banker 0
const TIE = ['9S', '9H', 'KD', 'QC']; // 9 each
const PLAYER_PAIR = ['9S', 'KD', '9H', 'QC']; // Player 9 9 (8, a pair), Banker 0

async function deal(tableId: string, cards: string[]) {
  const sequence = await api.closeBetting(tableId);
  return (
    await api.data(
      DEALER,
      `mutation ($t: ID!, $c: [String!]!, $s: Int!) { submitDeal(input: { tableId: $t, cards: $c, sequence: $s }) { deal { sequence shoe shoePosition } userErrors { code message } } }`,
      { t: tableId, c: cards, s: sequence },
    )
  ).submitDeal.deal;
}
const ROADS = `query ($t: ID!) { table(id: $t) { ... on BaccaratTable { roads {
  shoe
  beadPlate { column row winner playerPair bankerPair }
  bigRoad { column row winner ties playerPair bankerPair logicalColumn logicalRow }
  bigEyeBoy { column row colour } smallRoad { column row colour } cockroachPig { column row colour }
  counts { hands banker player tie bankerPair playerPair natural }
} deals(first: 200) { edges { node { winner playerPair bankerPair natural } } } } } }`;
/** Opens a baccarat table (as the dealer, who is also an operator), and answers its id. */
const openBaccarat = async (baccarat: Record<string, unknown> = {}) =>
  (
    await api.data(DEALER, `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`, {
      input: { game: 'BACCARAT', minimumBet: 100, maximumBet: 10_000, betShards: 4, baccarat },
    })
  ).openTable.table.id as string;
const roadsOf = async (tableId: string) => (await api.data('roads-viewer', ROADS, { t: tableId })).table;

describe("a baccarat table's roads", () => {
  it('number each round in its shoe, and draw the shoe in use from its rounds', async () => {
    const tableId = await openBaccarat();
    const dealt = [];
    for (const cards of [BANKER, BANKER, PLAYER, TIE, PLAYER_PAIR]) dealt.push(await deal(tableId, cards));
    expect(dealt.map((round) => [round.shoe, round.shoePosition])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [1, 5],
    ]);

    const { roads } = await roadsOf(tableId);
    expect(roads.shoe).toBe(1);
    expect(roads.beadPlate.map((cell: { column: number; row: number; winner: string }) => [cell.column, cell.row, cell.winner])).toEqual([
      [0, 0, 'BANKER'],
      [0, 1, 'BANKER'],
      [0, 2, 'PLAYER'],
      [0, 3, 'TIE'],
      [0, 4, 'PLAYER'],
    ]);
    // Two Banker wins down the first column; the Player streak next, the tie counted on its first cell.
    expect(roads.bigRoad).toEqual([
      { column: 0, row: 0, winner: 'BANKER', ties: 0, playerPair: false, bankerPair: false, logicalColumn: 0, logicalRow: 0 },
      { column: 0, row: 1, winner: 'BANKER', ties: 0, playerPair: false, bankerPair: false, logicalColumn: 0, logicalRow: 1 },
      { column: 1, row: 0, winner: 'PLAYER', ties: 1, playerPair: false, bankerPair: false, logicalColumn: 1, logicalRow: 0 },
      { column: 1, row: 1, winner: 'PLAYER', ties: 0, playerPair: true, bankerPair: false, logicalColumn: 1, logicalRow: 1 },
    ]);
    // Big eye boy starts at column 1 row 1, against column 0, which has a second row: red.
    expect(roads.bigEyeBoy).toEqual([{ column: 0, row: 0, colour: 'RED' }]);
    expect(roads.smallRoad).toEqual([]);
    expect(roads.counts).toEqual({ hands: 5, banker: 2, player: 2, tie: 1, bankerPair: 0, playerPair: 1, natural: 5 });
  });

  it('are what the rules layer draws from the same rounds, read again at any time (a client reconnecting mid-shoe)', async () => {
    const tableId = await openBaccarat({ shoeTracking: false });
    const pattern = [BANKER, PLAYER, PLAYER, TIE, BANKER, BANKER, BANKER, PLAYER, PLAYER_PAIR, BANKER, PLAYER, TIE];
    for (const cards of pattern) await deal(tableId, cards);
    const first = await roadsOf(tableId);
    const again = await roadsOf(tableId);
    expect(again.roads).toEqual(first.roads);
    const rounds = [...first.deals.edges].reverse().map((edge: { node: RoadResult }) => edge.node);
    const { beadPlate, bigRoad, bigEyeBoy, smallRoad, cockroachPig, counts } = shoeRoads(rounds);
    expect(first.roads).toEqual({ shoe: 1, beadPlate, bigRoad, bigEyeBoy, smallRoad, cockroachPig, counts });
  });

  it('start again with a new shoe, whose rounds count from 1; a voided round takes no place', async () => {
    const tableId = await openBaccarat();
    await deal(tableId, BANKER);
    await deal(tableId, PLAYER);
    await api.data(DEALER, `mutation ($t: ID!) { startNewShoe(input: { tableId: $t }) { table { id } userErrors { code message } } }`, {
      t: tableId,
    });
    expect((await roadsOf(tableId)).roads).toMatchObject({ shoe: 2, beadPlate: [], bigRoad: [], counts: { hands: 0 } });

    const sequence = await api.closeBetting(tableId);
    await api.data(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { voidRound(input: { tableId: $t, reason: "misdeal", sequence: $s }) { voidedRound { sequence } userErrors { code message } } }`,
      {
        t: tableId,
        s: sequence,
      },
    );
    expect(await deal(tableId, TIE)).toEqual({ sequence: 4, shoe: 2, shoePosition: 1 });
    expect((await roadsOf(tableId)).roads).toMatchObject({
      shoe: 2,
      beadPlate: [{ column: 0, row: 0, winner: 'TIE' }],
      bigRoad: [],
      counts: { hands: 1, tie: 1 },
    });
  });

  it('are not on a craps table: a CrapsTable has no roads', async () => {
    const tableId = await api.openTable({ maximumBet: 10_000 });
    const { table } = await api.data(
      'roads-viewer',
      `query ($t: ID!) { table(id: $t) { __typename ... on BaccaratTable { roads { shoe } } } }`,
      {
        t: tableId,
      },
    );
    expect(table).toEqual({ __typename: 'CrapsTable' });
  });
});
