/// <reference lib="dom" />
/**
 * The page's one WebSocket (graphql-ws, the graphql-transport-ws subprotocol) on the page's own
 * origin and GraphQL path. graphql-ws retries a lost connection and subscribes again by itself;
 * what it cannot tell is when the server has taken the subscriptions again, so that a snapshot
 * read from then on misses no event. A ping sent after the subscribes does: the server answers
 * a connection's messages in order, so its pong comes once it holds every subscription.
 */
import { createClient, type Client } from 'graphql-ws';
import type { TypedDocumentString } from '../generated/graphql';
import type { PlayerToken } from './player-token';
import { t } from './i18n/language';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

export interface Refusal {
  readonly code: string;
  readonly message: string;
}

export interface LiveSocketOptions {
  readonly token: PlayerToken;
  readonly onConnection: (state: ConnectionState) => void;
  /** Every subscription is held by the server (again, after a reconnect, if `wasRetry`). */
  readonly onReady: (wasRetry: boolean) => void;
}

const MAX_RETRY_WAIT_MS = 15_000;

/** The WebSocket's path on the page's origin, as the page's server named it (`/live` through CloudFront; the local server's `/graphql`). */
const socketPath = (): string => document.querySelector<HTMLMetaElement>('meta[name="live-socket"]')?.content || '/graphql';

export class LiveSocket {
  private readonly client: Client;
  private barrier: { wasRetry: boolean } | undefined;

  constructor(options: LiveSocketOptions) {
    const { protocol, host } = window.location;
    this.client = createClient({
      url: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${socketPath()}`,
      // Asked again at each (re)connect, so that a reconnect hours later sends a token still valid.
      connectionParams: async () => ({ authorization: await options.token.authorization() }),
      // A live table page keeps trying: a server restart or a dropped network is not the end of it.
      retryAttempts: Infinity,
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(MAX_RETRY_WAIT_MS, 500 * 2 ** retries))),
      // Pings find a socket that died without a close (a laptop asleep, a NAT forgetting it).
      keepAlive: 10_000,
      on: {
        connecting: (isRetry) => options.onConnection(isRetry ? 'reconnecting' : 'connecting'),
        connected: (socket, _payload, wasRetry) => {
          options.onConnection('live');
          // After this tick's subscribes (graphql-ws sends them as the connection is acknowledged).
          setTimeout(() => {
            this.barrier = { wasRetry };
            (socket as WebSocket).send(JSON.stringify({ type: 'ping' }));
          });
        },
        pong: (received) => {
          if (!received || !this.barrier) return;
          const { wasRetry } = this.barrier;
          this.barrier = undefined;
          options.onReady(wasRetry);
        },
        closed: () => options.onConnection('reconnecting'),
      },
    });
  }

  /** Ends every subscription and the socket, for a page that shows a notice instead of a table. */
  close(): void {
    void this.client.dispose();
  }

  /**
   * Subscribes for the page's life: `next` gets each event's data; `problem` an event that came
   * with errors instead (`ended` false), or the error that ended the subscription (`ended` true).
   */
  subscribe<TResult, TVariables extends Record<string, unknown>>(
    operation: TypedDocumentString<TResult, TVariables>,
    variables: TVariables,
    next: (data: TResult) => void,
    problem: (refusal: Refusal, ended: boolean) => void,
  ): void {
    this.client.subscribe<TResult>(
      { query: operation.toString(), variables },
      {
        next: (result) => {
          if (result.data) next(result.data);
          else if (result.errors?.length) problem(refusalOf(result.errors), false);
        },
        error: (error) => problem(refusalOf(error), true),
        complete: () => undefined,
      },
    );
  }
}

/** A subscription's end as the API gave it: its GraphQL errors' first code and message, or the socket's closing. */
function refusalOf(error: unknown): Refusal {
  const [first] = Array.isArray(error) ? (error as { message?: string; extensions?: { code?: string } }[]) : [];
  if (first) return { code: first.extensions?.code ?? 'SUBSCRIPTION_ERROR', message: first.message ?? t('socket.refused') };
  const code = (error as { code?: number } | undefined)?.code;
  return { code: typeof code === 'number' ? `SOCKET_CLOSED_${code}` : 'SOCKET_ERROR', message: t('socket.ended') };
}
