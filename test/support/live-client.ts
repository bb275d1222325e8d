/**
 * A subscriber for tests: graphql-ws's own client (as front ends use it) over a real WebSocket to
 * the test API, collecting what each subscription receives.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestApi, Who } from './test-api';
import { PATIENCE_MS } from './patience';

export interface Subscription<T = Record<string, any>> {
  /** What arrived so far, in order: each `next`'s data. */
  readonly received: T[];
  /** The errors that ended it, if it ended so. */
  readonly errors: readonly { message: string; extensions?: { code?: string; retryable?: boolean } }[];
  /** Waits until `count` events arrived (however long that takes: PATIENCE_MS is only a safety). */
  until(count: number): Promise<T[]>;
  /** Waits until the subscription ended with errors. */
  refused(): Promise<readonly { message: string; extensions?: { code?: string; retryable?: boolean } }[]>;
}

export interface LiveClient {
  readonly client: Client;
  /** Subscribes, and resolves once the server has taken the subscription (a ping sent after its subscribe came back). */
  subscribe<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<Subscription<T>>;
  close(): Promise<void>;
}

export async function liveClient(api: TestApi, who: Exclude<Who, null>): Promise<LiveClient> {
  const token = await api.token(who);
  let socket: WebSocket | undefined;
  const pongs: (() => void)[] = [];
  // graphql-ws sends a subscribe a moment after subscribe() is called (once it has its socket): a
  // ping sent before it would come back before the server took the subscription.
  const subscribesSent: (() => void)[] = [];
  const watchSubscribes = (opened: WebSocket) => {
    const send = opened.send.bind(opened) as (data: string) => void;
    (opened as unknown as { send: (data: string) => void }).send = (data: string) => {
      send(data);
      if ((JSON.parse(data) as { type?: string }).type === 'subscribe') subscribesSent.shift()?.();
    };
  };
  const client = createClient({
    url: api.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    // A close is the test's to read (the 'closed' event, a subscription's error): graphql-ws would print it to stderr.
    onNonLazyError: () => {},
    on: {
      opened: (opened) => watchSubscribes(opened as WebSocket),
      connected: (opened) => (socket = opened as WebSocket),
      pong: () => pongs.shift()?.(),
    },
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('closed', (event) => reject(new Error(`closed: ${(event as { code?: number }).code}`)));
  });
  await connected;
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      pongs.push(resolve);
      socket!.send(JSON.stringify({ type: 'ping' }));
    });

  return {
    client,
    async subscribe<T>(query: string, variables: Record<string, unknown> = {}) {
      const received: T[] = [];
      const errors: { message: string; extensions?: { code?: string; retryable?: boolean } }[] = [];
      const waiters: (() => void)[] = [];
      const wake = () => waiters.splice(0).forEach((waiter) => waiter());
      // Sent, or ended before it could be (a connection closed): either way nothing more to wait for.
      let markSent!: () => void;
      const sent = new Promise<void>((resolve) => (markSent = resolve));
      subscribesSent.push(markSent);
      const ended = () => {
        const waiting = subscribesSent.indexOf(markSent);
        if (waiting !== -1) subscribesSent.splice(waiting, 1);
        markSent();
      };
      client.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            received.push(result.data as T);
            wake();
          },
          error: (error) => {
            errors.push(...(Array.isArray(error) ? error : [{ message: String(error) }]));
            ended();
            wake();
          },
          complete: () => {
            ended();
            wake();
          },
        },
      );
      // The server handles a connection's messages in order: a ping sent after the subscribe comes back once it is taken.
      await sent;
      if (socket?.readyState === WebSocket.OPEN) await roundTrip();
      // Woken by what arrives; the deadline only ends a test that would otherwise hang.
      const waitFor = async (done: () => boolean, what: string) => {
        const deadline = Date.now() + PATIENCE_MS;
        while (!done()) {
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`${what}: got ${JSON.stringify(received)} ${JSON.stringify(errors)}`);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left);
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
      };
      return {
        received,
        errors,
        async until(count) {
          await waitFor(() => received.length >= count, `waiting for ${count} events`);
          return received.slice(0, count);
        },
        async refused() {
          await waitFor(() => errors.length > 0, 'waiting for a refusal');
          return errors;
        },
      };
    },
    close: () => client.dispose() as Promise<void>,
  };
}
