/**
 * The player's bearer token. Locally it is the demo player's, from the server's explorer config
 * (the same one the explorer sends; the page's own `?as=` is passed on, so that `?as=seamless`
 * plays as the demo seamless partner's player); tokens expire, so it is read again a third of the
 * way through its lifetime, as the explorer does, and every request and reconnect asks for it here.
 */
const CONFIG_PATH = '/explorer/config.json';
const DEFAULT_LIFETIME_SECONDS = 3600;

interface ExplorerConfig {
  readonly headers?: { readonly authorization?: string };
  readonly tokenLifetimeSeconds?: number;
}

export class NoPlayerToken extends Error {
  constructor() {
    super('The server offers no player token for this page.');
  }
}

export class PlayerToken {
  private current: { authorization: string; renewAt: number } | undefined;
  private reading: Promise<string> | undefined;

  /** "Bearer <token>", fresh enough to be sent now. */
  async authorization(): Promise<string> {
    if (this.current && Date.now() < this.current.renewAt) return this.current.authorization;
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<string> {
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
