/**
 * The explorer, in a real headless Chromium (Debian's, driven by playwright-core: nothing
 * downloads a browser), against the local server as `npm start` configures it: it runs the
 * demo's operations with the right tokens and the tables' next sequences, reaches nothing but
 * this server, and reads its config again before the tokens it holds expire, sending the new ones.
 * The document it opens with is valid under the contract (schema.graphql), operation by operation.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchChromium, newPage } from '../support/chromium';
import { useTestApi } from '../support/use-test-api';
import { demoExplorerConfig, DEMO_DEALER, DEMO_PLAYER, DEMO_QUERY, seedDemo } from '../../local/demo';
import { TOKEN_LIFETIME_SECONDS } from '../../local/dev-authorizer';

const api = useTestApi({ explorerConfig: demoExplorerConfig });
let browser: Browser;
beforeAll(async () => {
  await seedDemo(api.deps);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Sent {
  readonly operationName: string | undefined;
  readonly variables: Record<string, unknown> | undefined;
  readonly subject: string;
  readonly authorization: string;
}

/** What the page asked of whom: every request's origin, its config reads, its GraphQL requests with the token's subject. */
interface Traffic {
  readonly origins: Set<string>;
  readonly configTokens: string[];
  readonly sent: Sent[];
  readonly answers: Record<string, any>[];
}

const claimsOf = (authorization: string): { sub: string; iat: number } =>
  JSON.parse(Buffer.from(authorization.replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString('utf8'));
const subjectOf = (authorization: string): string => claimsOf(authorization).sub;

/** A request of one of the document's operations (GraphiQL also asks for the schema: not counted). */
const isOperation = (request: Request): boolean =>
  new URL(request.url()).pathname === '/graphql' &&
  request.method() === 'POST' &&
  (request.postDataJSON() as { operationName?: string }).operationName !== 'IntrospectionQuery';

async function openExplorer(operation: string): Promise<{ page: Page; traffic: Traffic }> {
  const page = await newPage(browser);
  const traffic: Traffic = { origins: new Set(), configTokens: [], sent: [], answers: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    traffic.origins.add(url.protocol === 'data:' ? 'data:' : url.origin);
    if (isOperation(request)) {
      const body = request.postDataJSON() as { operationName?: string; variables?: Record<string, unknown> };
      const authorization = request.headers().authorization ?? '';
      traffic.sent.push({ operationName: body.operationName, variables: body.variables, authorization, subject: subjectOf(authorization) });
    }
  });
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/explorer/config.json') {
      traffic.configTokens.push(((await response.json()) as { headers: { authorization: string } }).headers.authorization);
    }
    if (isOperation(response.request())) traffic.answers.push(await response.json());
  });
  // Hours can pass in the page (its Date.now) without waiting for them. Playwright's page.clock
  // stops GraphiQL's own timers, so only the wall clock the explorer reads is moved.
  await page.addInitScript(() => {
    const realNow = Date.now.bind(Date);
    let offset = 0;
    Date.now = () => realNow() + offset;
    (globalThis as unknown as { letTimePass: (ms: number) => void }).letTimePass = (ms) => (offset += ms);
  });
  await page.goto(`${api.url}/?autorun=1&operation=${operation}`);
  return { page, traffic };
}

const letTimePass = (page: Page, ms: number) =>
  page.evaluate((by: number) => (globalThis as unknown as { letTimePass: (ms: number) => void }).letTimePass(by), ms);

/** The `count`-th answer from /graphql, once the result pane shows it as GraphiQL formats it. */
async function answer(page: Page, traffic: Traffic, count: number): Promise<Record<string, any>> {
  await expect.poll(() => traffic.answers.length).toBeGreaterThanOrEqual(count);
  const body = traffic.answers[count - 1]!;
  await page.waitForFunction(
    (expected) => {
      // In the page: its CodeMirror editor holds the whole answer (the DOM shows only what is on screen).
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): { CodeMirror?: { getValue(): string } } | null };
      };
      return document.querySelector('.graphiql-response .CodeMirror')?.CodeMirror?.getValue() === expected;
    },
    JSON.stringify(body, null, 2),
  );
  return body;
}

describe('the explorer in Chromium', () => {
  it("runs the demo: the player's bet with the player's token, the roll with the dealer's and the table's next sequence", async () => {
    const bet = await openExplorer('PassLine');
    const placed = await answer(bet.page, bet.traffic, 1);
    expect(placed.errors).toBeUndefined();
    expect(placed.data.placeBet).toEqual({
      bet: expect.objectContaining({ type: 'PASS_LINE', amount: 5000, status: 'OPEN' }),
      userErrors: [],
    });
    expect(bet.traffic.sent.map((sent) => [sent.operationName, sent.subject])).toEqual([['PassLine', DEMO_PLAYER]]);
    await bet.page.close();

    const roll = await openExplorer('Roll');
    const rolled = await answer(roll.page, roll.traffic, 1);
    expect(rolled.errors).toBeUndefined();
    expect(rolled.data.closeBetting).toEqual({ table: { bettingOpen: false }, userErrors: [] });
    expect(rolled.data.submitRoll.userErrors).toEqual([]);
    expect(rolled.data.submitRoll.roll).toMatchObject({ sequence: 1, dice: [3, 4], total: 7 });
    expect(rolled.data.submitRoll.settlements).toEqual([expect.objectContaining({ outcome: 'WIN', winnings: 5000, returned: 10_000 })]);
    expect(roll.traffic.sent).toEqual([
      expect.objectContaining({ operationName: 'Roll', subject: DEMO_DEALER.id, variables: { rollSequence: 1, dealSequence: 1 } }),
    ]);
    await roll.page.close();

    // Opened again, the explorer offers the next roll's sequence.
    const again = await openExplorer('Table');
    expect((await answer(again.page, again.traffic, 1)).data.table.nextSequence).toBe(2);
    expect(again.traffic.sent[0]!.variables).toEqual({ rollSequence: 2, dealSequence: 1 });
    // Nothing but this server (and inline data) was asked for anything.
    expect([...again.traffic.origins].filter((origin) => origin !== 'data:')).toEqual([new URL(api.url).origin]);
    await again.page.close();
  });

  it('reads its config again before the tokens expire, and sends the new ones instead of the expired', async () => {
    const { page, traffic } = await openExplorer('Table');
    expect((await answer(page, traffic, 1)).errors).toBeUndefined();
    expect(traffic.configTokens).toHaveLength(1);
    // A token is signed to the second: wait for the next one, so that the next token differs.
    const { iat } = claimsOf(traffic.configTokens[0]!);
    await expect.poll(() => Math.floor(Date.now() / 1000), { interval: 20 }).toBeGreaterThan(iat);

    // Well within a token's lifetime, nothing is read again.
    await letTimePass(page, 60_000);
    await page.click('.graphiql-execute-button');
    expect((await answer(page, traffic, 2)).errors).toBeUndefined();
    expect(traffic.configTokens).toHaveLength(1);

    // A third of the lifetime later the config is read again before the request, which carries the new token.
    await letTimePass(page, (TOKEN_LIFETIME_SECONDS * 1000) / 3);
    await page.click('.graphiql-execute-button');
    expect((await answer(page, traffic, 3)).errors).toBeUndefined();
    expect(traffic.configTokens).toHaveLength(2);
    expect(traffic.configTokens[1]).not.toBe(traffic.configTokens[0]);
    expect(traffic.sent.map((sent) => sent.authorization)).toEqual([
      traffic.configTokens[0],
      traffic.configTokens[0],
      traffic.configTokens[1],
    ]);
    await page.close();
  });
});

describe("the explorer's opening document", () => {
  const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
  const operations = parse(DEMO_QUERY).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

  it("holds the demo's operations, and is valid as a whole (as GraphiQL sends it, with the operation's name)", () => {
    expect(operations.map((operation) => operation.name?.value)).toEqual(
      expect.arrayContaining(['Table', 'PassLine', 'Roll', 'BaccaratBets', 'Deal']),
    );
    expect(validate(schema, parse(DEMO_QUERY)).map((error) => error.message)).toEqual([]);
  });

  // Each alone, so that a failure names the operation that no longer fits the contract.
  it.each(operations.map((operation) => [operation.name!.value, operation] as const))(
    '%s is valid under schema.graphql',
    (_, operation) => {
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation] };
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    },
  );
});
