/**
 * The player's bearer token, from one of two places:
 * - A partner's launch (docs/LAUNCH.md): the page was opened with `?code=`, which is exchanged
 *   once for a player token of the house's (POST /session/v1/token), and the code taken out of the
 *   address; the token is refreshed a third of the way through its lifetime while the session
 *   lives (POST /session/v1/refresh), and kept in the tab's sessionStorage, so that a reload
 *   carries on. Such a page speaks GraphQL at /play/graphql, where those tokens are taken.
 * - Otherwise, locally, the demo player's, from the server's explorer config (the same one the
 *   explorer sends; the page's own `?as=` is passed on, so that `?as=seamless` plays as the demo
 *   seamless partner's player), read again a third of the way through its lifetime.
 * Every request and reconnect asks for it here.
 */
const CONFIG_PATH = '/explorer/config.json';
const DEFAULT_LIFETIME_SECONDS = 3600;
/** Where a launched session's token is kept for the tab (a reload of the page carries on with it). */
const STORED = 'casino-tables:launched-session';

interface ExplorerConfig {
  readonly headers?: { readonly authorization?: string };
  readonly tokenLifetimeSeconds?: number;
}

/** What a partner's launch says of the session: where the page's Home and Cashier go. */
export interface LaunchedSession {
  readonly partner: string;
  readonly playerId: string;
  readonly currency: string;
  readonly language: string;
  readonly tableId: string | null;
  readonly lobbyUrl: string | null;
  readonly cashierUrl: string | null;
}

interface IssuedToken {
  readonly token: string;
  readonly expiresAt: string;
  readonly session: LaunchedSession;
}

export class NoPlayerToken extends Error {
  constructor() {
    super('The server offers no player token for this page.');
  }
}

export class PlayerToken {
  private current: { authorization: string; renewAt: number } | undefined;
  private reading: Promise<string> | undefined;
  private launched: IssuedToken | undefined;
  private readonly code: string | null;

  constructor() {
    const parameters = new URLSearchParams(window.location.search);
    this.code = parameters.get('code');
    if (this.code !== null) {
      // The code is good once: out of the address, so that a reload or a shared link does not carry it.
      parameters.delete('code');
      const rest = parameters.toString();
      window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
    } else this.launched = stored();
  }

  /** Where this token's GraphQL is: the house's player tokens have a path of their own. */
  get graphqlPath(): string {
    return this.code !== null || this.launched ? '/play/graphql' : '/graphql';
  }

  /** The launch's session, once the token is read; undefined for the local demo's player. */
  get session(): LaunchedSession | undefined {
    return this.launched?.session;
  }

  /** "Bearer <token>", fresh enough to be sent now. */
  async authorization(): Promise<string> {
    if (this.current && Date.now() < this.current.renewAt) return this.current.authorization;
    this.reading ??= (this.code !== null || this.launched ? this.readLaunched() : this.readConfig()).finally(
      () => (this.reading = undefined),
    );
    return this.reading;
  }

  private async readLaunched(): Promise<string> {
    const exchange = !this.launched;
    const response = await fetch(exchange ? '/session/v1/token' : '/session/v1/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(exchange ? {} : { authorization: `Bearer ${this.launched!.token}` }) },
      body: JSON.stringify(exchange ? { code: this.code } : {}),
      cache: 'no-store',
    });
    if (!response.ok) {
      sessionStorage.removeItem(STORED);
      throw new NoPlayerToken();
    }
    this.launched = (await response.json()) as IssuedToken;
    sessionStorage.setItem(STORED, JSON.stringify(this.launched));
    const lifetimeMs = Date.parse(this.launched.expiresAt) - Date.now();
    this.current = { authorization: `Bearer ${this.launched.token}`, renewAt: Date.now() + lifetimeMs / 3 };
    return this.current.authorization;
  }

  private async readConfig(): Promise<string> {
    const as = new URLSearchParams(window.location.search).get('as');
    const response = await fetch(as ? `${CONFIG_PATH}?as=${encodeURIComponent(as)}` : CONFIG_PATH, { cache: 'no-store' });
    if (!response.ok) throw new NoPlayerToken();
    const config = (await response.json()) as ExplorerConfig;
    const authorization = config.headers?.authorization;
    if (!authorization?.startsWith('Bearer ')) throw new NoPlayerToken();
    const lifetimeMs = (config.tokenLifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS) * 1000;
    this.current = { authorization, renewAt: Date.now() + lifetimeMs / 3 };
    return authorization;
  }
}

/** The tab's launched session, if it has one whose token has not expired. */
function stored(): IssuedToken | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORED) ?? 'null') as IssuedToken | null;
    return kept && Date.parse(kept.expiresAt) > Date.now() ? kept : undefined;
  } catch {
    return undefined;
  }
}
