/**
 * The seamless wallet contract: what the tables send a partner's wallet and what it answers
 * (docs/wallet-api.yaml, the same in OpenAPI; docs/WALLET.md, the semantics). Pure: the client,
 * the reference wallet (local/) and the conformance check (scripts/) share these shapes.
 */

/**
 * The contract's versions (docs/WALLET.md, "Versions"). Version 2 adds to every movement whether
 * it ends the player's round (`roundClosed`, true on one credit a round, after which the round
 * gets no call), and to every credit what it pays (`creditKind`); a wallet that keeps rounds
 * refuses a call of a round it closed (ROUND_CLOSED). Each partner is on one version, a setting
 * of the house's operators: version 1 partners keep the version 1 bodies until they move.
 */
export const WALLET_CONTRACT_VERSIONS = [1, 2] as const;
export type WalletContractVersion = (typeof WALLET_CONTRACT_VERSIONS)[number];
/** The version a partner configured today starts on. */
export const CURRENT_WALLET_CONTRACT: WalletContractVersion = 2;

/** What a version 2 credit pays: a round's result (its wins, pushes and refunds, 0 when nothing), a bet taken down, a jackpot prize. */
export const CREDIT_KINDS = ['ROUND_RESULT', 'TAKE_DOWN', 'JACKPOT_PRIZE'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** The calls, each a signed POST to `<wallet base URL>/<operation>`; `authenticate` is version 2's. */
export const WALLET_OPERATIONS = ['authenticate', 'balance', 'debit', 'credit', 'rollback'] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];

/** What every call carries. */
interface CallBase {
  /** This call: sent again unchanged (a retry), it gets the first answer. */
  readonly requestId: string;
  /** The player, as the partner knows them (the token's subject). */
  readonly playerId: string;
  readonly currency: string;
  /** Version 2: the partner the player is of (its id in the house's configuration): two partners on one wallet tell their players apart. */
  readonly partner?: string;
  /**
   * Version 2: the partner's session token the player came in with (`authenticate`): on a debit
   * or balance, the session the player is in; on a credit or rollback, the session of the bets
   * it is for, which may have ended since (the wallet takes it all the same). Absent for a player
   * who never came in through a session (one signed in with the partner's identity provider).
   */
  readonly sessionToken?: string;
}

/**
 * Version 2, at a session's start (a launch): whether the partner's session token is one it
 * issued and still valid, and whose it is. Answered OK with the player, their currency, country
 * and balance; INVALID_TOKEN when it is not valid; PLAYER_BLOCKED for a player who may not play.
 */
export interface AuthenticateCall {
  readonly requestId: string;
  readonly partner: string;
  readonly sessionToken: string;
}

/** A money movement: its own id, its amount in minor units, and the round and bets it is for. */
interface MovementCall extends CallBase {
  /** The movement: the same id is the same movement, never a second one. */
  readonly transactionId: string;
  /** Whole minor units: more than 0 for a debit, 0 or more for a credit. */
  readonly amount: number;
  readonly tableId: string;
  /** `<tableId>.<sequence>`: the round the bets are for. */
  readonly roundId: string;
  readonly betIds: readonly string[];
  /**
   * Version 2: whether this call ends the player's round. True on one credit of the round (its
   * result), never on a debit, a rollback, a take-down's or a prize's credit; no call of the
   * round follows it. Absent in version 1.
   */
  readonly roundClosed?: boolean;
}

export type BalanceCall = CallBase;
/** Takes a stake from the player's balance; the bet is taken only once the wallet confirms it. */
export type DebitCall = MovementCall;
/** Pays what a player's round returned (0 when nothing), a bet taken down, or a jackpot prize. */
export interface CreditCall extends MovementCall {
  /** Version 2: what the credit pays. Absent in version 1. */
  readonly creditKind?: CreditKind;
  /**
   * Version 2: a link to the player's part of the round (its outcome, their bets and payouts),
   * signed by the house, never expiring, opened without signing in: for the partner's support and
   * its player's history. Absent where the house has no public address.
   */
  readonly roundDetailsUrl?: string;
}
/** Gives back a debit that may or may not have been made (a timeout, an error, a void round). */
export interface RollbackCall extends MovementCall {
  /** The debit given back. */
  readonly rolledBackTransactionId: string;
}

export interface WalletCalls {
  readonly authenticate: AuthenticateCall;
  readonly balance: BalanceCall;
  readonly debit: DebitCall;
  readonly credit: CreditCall;
  readonly rollback: RollbackCall;
}

/** Why a wallet refuses a call (answered with HTTP 200 and `status: "ERROR"`). */
export const WALLET_ERROR_CODES = [
  'INVALID_SIGNATURE',
  'INVALID_REQUEST',
  'UNKNOWN_PLAYER',
  'CURRENCY_MISMATCH',
  'INSUFFICIENT_FUNDS',
  'PLAYER_BLOCKED',
  'LIMIT_REACHED',
  'DUPLICATE_TRANSACTION',
  'UNKNOWN_TRANSACTION',
  'TRANSACTION_ROLLED_BACK',
  // Version 2: a debit, credit or rollback of a round the wallet closed.
  'ROUND_CLOSED',
  // Version 2: a session token the wallet did not issue, or whose session ended (authenticate, a debit, a balance).
  'INVALID_TOKEN',
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

/** Version 2: every answer names the request it answers, under its signature (an answer cannot be passed off as another's). */
interface AnswerBase {
  readonly requestId?: string;
}

export type WalletAnswer =
  | (AnswerBase & {
      readonly status: 'OK';
      readonly balance: number;
      readonly currency: string;
      /** `authenticate`: the player the token is of, as the partner knows them. */
      readonly playerId?: string;
      /** `authenticate`: the player's country, ISO 3166-1 alpha-2, when the wallet knows it. */
      readonly country?: string;
    })
  | (AnswerBase & { readonly status: 'ERROR'; readonly code: WalletErrorCode; readonly message: string });

const ID = /^[A-Za-z0-9_.:/#@+|-]{1,128}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** A partner's session token: 1 to 256 printable characters, no spaces (a UUID, a JWT of modest size). */
export const SESSION_TOKEN = /^[\x21-\x7e]{1,256}$/;
const isId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The call `body` is, if it is one of `operation`'s, or why not: what a wallet checks before it
 * looks at any balance. Ids are 1 to 128 of letters, digits and `_ . : / # @ + | -`; amounts whole.
 */
export function parseCall<O extends WalletOperation>(
  operation: O,
  body: unknown,
  version: WalletContractVersion = 1,
): { call: WalletCalls[O] } | { invalid: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { invalid: 'the body is not a JSON object' };
  const fields = body as Record<string, unknown>;
  if (operation === 'authenticate') return authenticateCall(fields, version) as { call: WalletCalls[O] } | { invalid: string };
  if (fields.sessionToken !== undefined && (version < 2 || !isSessionToken(fields.sessionToken)))
    return { invalid: 'sessionToken is not a session token' };
  for (const name of ['requestId', 'playerId'] as const) if (!isId(fields[name])) return { invalid: `${name} is not an id` };
  if (typeof fields.currency !== 'string' || !CURRENCY.test(fields.currency)) return { invalid: 'currency is not an ISO-4217 code' };
  if (version >= 2 && !isId(fields.partner)) return { invalid: 'partner is not an id' };
  if (operation !== 'balance') {
    for (const name of ['transactionId', 'tableId', 'roundId'] as const)
      if (!isId(fields[name])) return { invalid: `${name} is not an id` };
    if (!isAmount(fields.amount)) return { invalid: 'amount is not a whole number of minor units, 0 or more' };
    if (operation === 'debit' && fields.amount === 0) return { invalid: 'a debit is of more than 0' };
    if (!Array.isArray(fields.betIds) || fields.betIds.length > 100 || !fields.betIds.every(isId)) {
      return { invalid: 'betIds is not a list of at most 100 ids' };
    }
    if (operation === 'rollback' && !isId(fields.rolledBackTransactionId)) return { invalid: 'rolledBackTransactionId is not an id' };
    if (version >= 2) {
      const invalid = roundFieldsInvalid(operation, fields);
      if (invalid) return { invalid };
    }
  }
  return { call: body as WalletCalls[O] };
}

const isLink = (value: unknown): boolean => typeof value === 'string' && value.length <= 512 && /^https?:\/\/\S+$/.test(value);

const isSessionToken = (value: unknown): value is string => typeof value === 'string' && SESSION_TOKEN.test(value);

function authenticateCall(
  fields: Record<string, unknown>,
  version: WalletContractVersion,
): { call: AuthenticateCall } | { invalid: string } {
  if (version < 2) return { invalid: 'authenticate is a call of version 2' };
  for (const name of ['requestId', 'partner'] as const) if (!isId(fields[name])) return { invalid: `${name} is not an id` };
  if (!isSessionToken(fields.sessionToken)) return { invalid: 'sessionToken is not a session token' };
  return { call: fields as unknown as AuthenticateCall };
}

/** Version 2's round fields: every movement says whether it ends the round, and only a round's result may. */
function roundFieldsInvalid(operation: WalletOperation, fields: Record<string, unknown>): string | undefined {
  if (typeof fields.roundClosed !== 'boolean') return 'roundClosed is not true or false';
  if (operation !== 'credit') return fields.roundClosed ? `a ${operation} never ends a round` : undefined;
  if (fields.roundDetailsUrl !== undefined && !isLink(fields.roundDetailsUrl))
    return 'roundDetailsUrl is not an http(s) URL of at most 512 characters';
  if (!(CREDIT_KINDS as readonly unknown[]).includes(fields.creditKind)) return `creditKind is not one of ${CREDIT_KINDS.join(', ')}`;
  if (fields.roundClosed && fields.creditKind !== 'ROUND_RESULT') return 'only a round result ends a round';
  return undefined;
}
