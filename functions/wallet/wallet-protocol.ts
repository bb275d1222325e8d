/**
 * The seamless wallet contract: what the tables send a partner's wallet and what it answers
 * (docs/wallet-api.yaml, the same in OpenAPI; docs/WALLET.md, the semantics). Pure: the client,
 * the reference wallet (local/) and the conformance check (scripts/) share these shapes.
 */

/** The four calls, each a signed POST to `<wallet base URL>/<operation>`. */
export const WALLET_OPERATIONS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];

/** What every call carries. */
interface CallBase {
  /** This call: sent again unchanged (a retry), it gets the first answer. */
  readonly requestId: string;
  /** The player, as the partner knows them (the token's subject). */
  readonly playerId: string;
  readonly currency: string;
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
}

export type BalanceCall = CallBase;
/** Takes a stake from the player's balance; the bet is taken only once the wallet confirms it. */
export type DebitCall = MovementCall;
/** Pays what a player's round returned (0 when nothing): it closes the player's round. */
export type CreditCall = MovementCall;
/** Gives back a debit that may or may not have been made (a timeout, an error, a void round). */
export interface RollbackCall extends MovementCall {
  /** The debit given back. */
  readonly rolledBackTransactionId: string;
}

export interface WalletCalls {
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
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

export type WalletAnswer =
  | { readonly status: 'OK'; readonly balance: number; readonly currency: string }
  | { readonly status: 'ERROR'; readonly code: WalletErrorCode; readonly message: string };

const ID = /^[A-Za-z0-9_.:/#@+|-]{1,128}$/;
const CURRENCY = /^[A-Z]{3}$/;
const isId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The call `body` is, if it is one of `operation`'s, or why not: what a wallet checks before it
 * looks at any balance. Ids are 1 to 128 of letters, digits and `_ . : / # @ + | -`; amounts whole.
 */
export function parseCall<O extends WalletOperation>(operation: O, body: unknown): { call: WalletCalls[O] } | { invalid: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { invalid: 'the body is not a JSON object' };
  const fields = body as Record<string, unknown>;
  for (const name of ['requestId', 'playerId'] as const) if (!isId(fields[name])) return { invalid: `${name} is not an id` };
  if (typeof fields.currency !== 'string' || !CURRENCY.test(fields.currency)) return { invalid: 'currency is not an ISO-4217 code' };
  if (operation !== 'balance') {
    for (const name of ['transactionId', 'tableId', 'roundId'] as const)
      if (!isId(fields[name])) return { invalid: `${name} is not an id` };
    if (!isAmount(fields.amount)) return { invalid: 'amount is not a whole number of minor units, 0 or more' };
    if (operation === 'debit' && fields.amount === 0) return { invalid: 'a debit is of more than 0' };
    if (!Array.isArray(fields.betIds) || fields.betIds.length > 100 || !fields.betIds.every(isId)) {
      return { invalid: 'betIds is not a list of at most 100 ids' };
    }
    if (operation === 'rollback' && !isId(fields.rolledBackTransactionId)) return { invalid: 'rolledBackTransactionId is not an id' };
  }
  return { call: body as WalletCalls[O] };
}
