/**
 * The house's own player tokens (docs/LAUNCH.md): signed with the house's key, published as a
 * JWKS, and trusted beside a partner's own identity provider. The port: the key is kept in Secrets
 * Manager in AWS and in a file locally (launch/token-issuer.ts).
 */
/** Where the house's signing keys are kept in the secret store: their private JWKs, made on first use; rotated on its schedule. */
export const PLAYER_TOKEN_KEY_NAME = 'house/player-token-key';

export interface PlayerTokenIssuer {
  /** The `iss` of every token it signs (its JWKS is at `<issuer>/.well-known/jwks.json`). */
  readonly issuer: string;
  /** A signed token of these claims, valid for `lifetimeSeconds`. */
  sign(claims: PlayerTokenClaims, lifetimeSeconds: number): Promise<string>;
  /** A token of ours, signed and unexpired: its claims, every one of them (iss, aud, exp...), as an authorizer hands them on. */
  verify(token: string): Promise<(PlayerTokenClaims & Readonly<Record<string, unknown>>) | undefined>;
  /** The public keys tokens are checked with: the one signing now, the next, and the last (docs/LAUNCH.md, "Rotating the keys"). */
  jwks(): Promise<{ keys: readonly Record<string, unknown>[] }>;
  /**
   * Moves the keys on from `fromKeyId`, the key signing now: the next one signs from now, a new
   * next is published, the last is dropped. Answers the key id signing now; undefined when
   * `fromKeyId` is not the one signing (they moved on since it was read).
   */
  rotate(fromKeyId: string): Promise<string | undefined>;
}

export interface PlayerTokenClaims {
  /** The player as the partner knows them. */
  readonly sub: string;
  readonly partner: string;
  /** The session the token is of. */
  readonly sid: string;
}
