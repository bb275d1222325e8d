/**
 * What a newcomer pastes must work: the demo `npm start` seeds, the document the explorer opens
 * with, and the README's example, run operation by operation over HTTP as the demo player.
 */
import { readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type OperationDefinitionNode } from 'graphql';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { dealer, refusalCode, userErrorsOf } from '../support/test-api';
import { partnerCall } from '../support/partner-launch';
import { DEMO_LAUNCH_PARTNER, DEMO_LAUNCH_SUBJECT, demoLaunchPartner } from '../../local/launch-demo';
import { useTestApi } from '../support/use-test-api';
import {
  DEMO_DEALER,
  DEMO_DEALER_OPERATIONS,
  DEMO_PLAYER,
  DEMO_QUERY,
  DEMO_RNG_BACCARAT_TABLE,
  DEMO_CHIPS_TABLE,
  DEMO_RNG_CRAPS_TABLE,
  DEMO_TABLE,
  demoVariables,
  demoPlayerBalance,
  seedDemo,
} from '../../local/demo';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../local/table-setup';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { formatMoney } from '../../client/table-page/money';
import { CACHE_MS } from '../../functions/services/tables/table-cache';
import { DEMO_CURRENCY } from '../../functions/services/sessions/launch';
import { getLoopClaim } from '../../functions/store/rng/loop-claims';
import {
  DEMO_SEAMLESS_PARTNER,
  DEMO_SEAMLESS_SUBJECT,
  DEMO_SEAMLESS_V1_PARTNER,
  DEMO_WALLET_BALANCE,
  startDemoSeamlessPartner,
} from '../../local/seamless-demo';
import { setWalletTimeout } from '../support/seamless-partner';
import { PATIENCE_MS, WALLET_PATIENCE_MS } from '../support/patience';

const api = useTestApi();
beforeAll(() => seedDemo(api.deps));

function operations(document: string): string[] {
  return parse(document)
    .definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')
    .map((d) => d.name!.value);
}

/**
 * Runs every operation of a document in order, with the variables the explorer fills in when it
 * opens (the demo tables' next sequences); answers each operation's data by its name. Each must
 * be done: no GraphQL error, and no mutation refused as data (userErrors).
 */
async function runAll(document: string): Promise<Map<string, Record<string, any>>> {
  const answers = new Map<string, Record<string, any>>();
  const variables = await demoVariables(api.deps);
  for (const operationName of operations(document)) {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // As the explorer sends them: the dealer's operations with the dealer's token, the rest as the player.
        authorization: `Bearer ${await api.token((DEMO_DEALER_OPERATIONS as readonly string[]).includes(operationName) ? DEMO_DEALER : DEMO_PLAYER)}`,
      },
      body: JSON.stringify({ query: document, operationName, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
    expect(body.errors, `${operationName}: ${JSON.stringify(body.errors)}`).toBeUndefined();
    expect(userErrorsOf(body), `${operationName}: ${JSON.stringify(userErrorsOf(body))}`).toEqual([]);
    answers.set(operationName, body.data!);
  }
  return answers;
}

describe('the demo', () => {
  it('seeds once: seeding again changes nothing', async () => {
    const before = await api.balance(DEMO_PLAYER);
    await seedDemo(api.deps);
    expect(await api.balance(DEMO_PLAYER)).toBe(before);
    expect(before).toBe(1_000_000);
  });

  it('seeds a craps and a baccarat table the server deals, and one in chips for demo play, each committed to its first seed, its loop claimed', async () => {
    for (const [tableId, currency] of [
      [DEMO_RNG_CRAPS_TABLE, 'MOP'],
      [DEMO_RNG_BACCARAT_TABLE, 'MOP'],
      [DEMO_CHIPS_TABLE, DEMO_CURRENCY],
    ] as const) {
      const table = (
        await api.data(DEMO_PLAYER, `query ($t: ID!) { table(id: $t) { currency dealing bettingWindowSeconds fairness { commitment } } }`, {
          t: tableId,
        })
      ).table;
      expect(table).toMatchObject({
        currency,
        dealing: 'RNG',
        bettingWindowSeconds: 20,
        fairness: { commitment: expect.stringMatching(/^[0-9a-f]{64}$/) },
      });
      expect(await getLoopClaim(api.db, tableId)).toMatchObject({ tableId });
    }
  });

  it("runs every operation of the explorer's opening document", async () => {
    expect(operations(DEMO_QUERY).length).toBeGreaterThan(3);
    await runAll(DEMO_QUERY);
  });

  it("runs the README's examples", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const examples = [...readme.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const answers = new Map<string, Record<string, any>>();
    for (const example of examples) for (const [name, data] of await runAll(example)) answers.set(name, data);

    // The Deal example adds up, as the README says: the jackpot bet's settlement is the share.
    const { submitDeal } = answers.get('Deal')!;
    expect(submitDeal.deal.jackpot).toMatchObject({ combination: 'SINGLE_PAIR', share: 2_000 });
    expect(submitDeal.settlements).toHaveLength(2);
    expect(submitDeal.settlements).toEqual(
      expect.arrayContaining([
        { bet: { type: 'BANKER', amount: 10_000 }, outcome: 'WIN', winnings: 9_500, returned: 19_500 },
        { bet: { type: 'JACKPOT', amount: 1_000 }, outcome: 'WIN', winnings: 2_000, returned: 2_000 },
      ]),
    );
  });
});

describe("the demo's seamless partners", () => {
  it.each([
    [DEMO_SEAMLESS_PARTNER, 2],
    [DEMO_SEAMLESS_V1_PARTNER, 1],
  ] as const)(
    "%s (wallet contract version %i) keeps its player's money in its own wallet: a bet is debited there, and the round credited there",
    async (partner, contract) => {
      const wallet = await startDemoSeamlessPartner(api.deps, { partner, contract });
      try {
        // Production's timeout (3 s), which `npm start` keeps, is one a loaded machine's wallet can take.
        await setWalletTimeout(api, partner, WALLET_PATIENCE_MS);
        const player = { id: DEMO_SEAMLESS_SUBJECT, roles: [], partner };
        const balance = async () => (await api.data(player, '{ walletBalance { balance currency } }')).walletBalance;
        expect(await balance()).toEqual({ balance: DEMO_WALLET_BALANCE, currency: 'MOP' });
        await api.placeBet(player, { tableId: DEMO_TABLE, type: 'PASS_LINE', amount: 5_000 });
        expect((await balance()).balance).toBe(DEMO_WALLET_BALANCE - 5_000);
        await api.closeAndRoll(DEMO_TABLE, [3, 4]);
        await vi.waitFor(async () => expect((await balance()).balance).toBe(DEMO_WALLET_BALANCE + 5_000), { timeout: PATIENCE_MS });
        // The house keeps no account for them: their money never left the partner's wallet.
        expect(await api.balance(`${partner}/${DEMO_SEAMLESS_SUBJECT}`)).toBeUndefined();
        // Each partner's calls follow its own version: version 2's say whether they end the round.
        await vi.waitFor(() => expect(wallet.received.some((call) => call.operation === 'credit')).toBe(true), { timeout: PATIENCE_MS });
        for (const call of wallet.received.filter((call) => call.operation !== 'authenticate')) {
          expect('roundClosed' in JSON.parse(call.body)).toBe(contract === 2 && call.operation !== 'balance');
          // Version 2's player came in by a session: every call for them carries its token.
          expect('sessionToken' in JSON.parse(call.body)).toBe(contract === 2);
        }
        expect(wallet.refusedForClosedRound).toEqual([]);
      } finally {
        await wallet.close();
      }
    },
  );
});

describe('the start banner', () => {
  it('shows what the demo player holds now, read from the store, not the seed', async () => {
    const before = await api.balance(DEMO_PLAYER);
    expect(await demoPlayerBalance(api.deps)).toBe(formatMoney(before!, 'MOP'));
    await api.placeBet(DEMO_PLAYER, { tableId: DEMO_TABLE, type: 'FIELD', amount: 3_000 });
    expect(await api.balance(DEMO_PLAYER)).toBe(before! - 3_000);
    expect(await demoPlayerBalance(api.deps)).toBe(formatMoney(before! - 3_000, 'MOP'));
    expect(await demoPlayerBalance(api.deps)).not.toBe('10,000.00 MOP');
  });
});

// Last: it starts this file's table over.
describe('npm start -- --reset-demo', () => {
  const SET_LIMIT = `mutation ($input: SetLimitInput!) { setLimit(input: $input) { protection { playerId } userErrors { code message } } }`;
  const field = (amount: number) =>
    api.graphql(
      DEMO_PLAYER,
      `mutation ($t: ID!, $a: Money!) { placeBet(input: { tableId: $t, type: FIELD, amount: $a }) { bet { id } userErrors { code message } } }`,
      { t: DEMO_TABLE, a: amount },
    );

  it('gives a demo player kept from play by a Play safely limit for the rest of the day the seeded demo back', async () => {
    // The player's own daily stake limit, below what they staked today already: no bet until tomorrow.
    await api.data(DEMO_PLAYER, SET_LIMIT, { input: { kind: 'STAKE', period: 'DAY', amount: 1_000 } });
    expect(refusalCode(await field(1_000))).toBe('STAKE_LIMIT_REACHED');

    // As `npm start -- --reset-demo` does before it seeds the demo: the table made again.
    const client = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials });
    try {
      expect(await ensureTable(client, api.db.tableName, { fresh: true })).toBe('RECREATED');
    } finally {
      client.destroy();
    }
    await seedDemo(api.deps);
    // This process's copies of the tables from before are CACHE_MS old at most.
    await new Promise((wait) => setTimeout(wait, CACHE_MS + 100));

    expect(await demoPlayerBalance(api.deps)).toBe('10,000.00 MOP');
    const { playerProtection } = await api.data(DEMO_PLAYER, '{ playerProtection { limits { kind period amount } } }');
    expect(playerProtection.limits.filter((limit: { amount: number | null }) => limit.amount !== null)).toEqual([]);
    expect(userErrorsOf(await field(1_000))).toEqual([]);
    expect(userErrorsOf(await field(1_000))).toEqual([]);
  });
});

describe("npm start's launching partner", () => {
  it('keeps one credential across restarts, makes a new one when its file is lost (never more than two in force), and its player can be launched', async () => {
    const file = join(tmpdir(), `demo-launch-${randomUUID()}.json`);
    const first = await demoLaunchPartner(api.deps, file);
    expect((await demoLaunchPartner(api.deps, file)).keyId).toBe(first.keyId);
    for (let lost = 0; lost < 3; lost++) {
      rmSync(file);
      await demoLaunchPartner(api.deps, file);
    }
    const listed = await api.data(dealer('test-dealer'), `query ($p: ID!) { partnerCredentials(partner: $p) { revokedAt } }`, {
      p: DEMO_LAUNCH_PARTNER,
    });
    expect(listed.partnerCredentials.filter((credential: { revokedAt: string | null }) => credential.revokedAt === null)).toHaveLength(2);
    const launched = await partnerCall(api, await demoLaunchPartner(api.deps, file), '/partner/v1/launch', {
      playerId: DEMO_LAUNCH_SUBJECT,
      currency: 'MOP',
      language: 'en',
      platform: 'DESKTOP',
      tableId: DEMO_TABLE,
    });
    expect(launched.status).toBe(200);
    expect(await api.balance(`${DEMO_LAUNCH_PARTNER}/${DEMO_LAUNCH_SUBJECT}`)).toBe(1_000_000);
  });
});
