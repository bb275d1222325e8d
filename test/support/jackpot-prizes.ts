import { dealer, type TestApi } from './test-api';

/** A modality A prize table for tests that open pools: every fixed amount the modality needs (art. 17). */
export const MODALITY_A_FIXED_AMOUNTS = [
  { combination: 'PARADISE_STRAIGHT', amount: 50_000 },
  { combination: 'FOUR_OF_A_KIND', amount: 10_000 },
  { combination: 'DOUBLE_PAIRS', amount: 5_000 },
  { combination: 'THREE_OF_A_KIND', amount: 2_000 },
  { combination: 'SINGLE_PAIR', amount: 1_000 },
] as const;

/** A baccarat table with a progressive jackpot of a pool of its own (seed 1,000.00 MOP, modality A, no contributions). */
export async function jackpotBaccaratTable(api: TestApi): Promise<string> {
  const pool = await api.data(
    dealer('test-dealer'),
    `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
    { input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS } },
  );
  return api.openTable({
    game: 'BACCARAT',
    baccarat: { jackpot: { poolId: pool.openJackpotPool.jackpotPool.id, contributionBasisPoints: 0 } },
  });
}

/** Closes betting at baccarat table `tableId` and deals `cards` there, as its dealer; answers the round's sequence. */
export async function dealRound(api: TestApi, tableId: string, cards: readonly string[]): Promise<number> {
  const sequence = await api.closeBetting(tableId);
  await api.data(
    dealer('test-dealer'),
    `mutation ($t: ID!, $s: Int!, $c: [String!]!) { submitDeal(input: { tableId: $t, cards: $c, sequence: $s }) { userErrors { code message } } }`,
    { t: tableId, s: sequence, c: cards },
  );
  return sequence;
}
