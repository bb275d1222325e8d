/**
 * A subscription lives as long as the token that made it: once the token has expired, the next
 * event ends it with UNAUTHENTICATED instead of being delivered.
 */
import { afterAll, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';
import { liveClient, type LiveClient } from '../../support/live-client';
import { TOKEN_LIFETIME_SECONDS } from '../../../local/dev-authorizer';

let client: LiveClient;
let offsetMs = 0;
const api = useTestApi({ live: true, clock: () => new Date(Date.now() + offsetMs).toISOString() });
// Before the API closes (hooks after the tests run last registered first).
afterAll(() => client?.close());

it('ends the subscription with UNAUTHENTICATED at the first event after the token expired', async () => {
  await api.fundAccount('expiring-ann', 1_000);
  client = await liveClient(api, 'expiring-ann');
  const mine = await client.subscribe(`subscription { myEvents { kind account { balance } } }`);
  await api.fundAccount('expiring-ann', 2_000);
  // The set-up's own events, from just before subscribing, may still arrive first: the stream runs behind the writes.
  let events = await mine.until(1);
  while (!events.some((event) => event.myEvents.account?.balance === 2_000)) events = await mine.until(events.length + 1);
  expect(events.at(-1)!.myEvents).toEqual({ kind: 'BALANCE_CHANGED', account: { balance: 2_000 } });

  offsetMs = (TOKEN_LIFETIME_SECONDS + 60) * 1000;
  await api.fundAccount('expiring-ann', 3_000);
  const errors = await mine.refused();
  expect(errors.map((error) => error.extensions)).toEqual([{ code: 'UNAUTHENTICATED', retryable: false }]);
  // Nothing after the expiry reached it: only what came before.
  expect(mine.received).toHaveLength(events.length);
  // And a new subscription on the same connection is refused the same way.
  const again = await client.subscribe(`subscription { myEvents { kind } }`);
  expect((await again.refused()).map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
});
