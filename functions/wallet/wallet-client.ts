import { checkSignature, SIGNATURE_HEADER, signedHeaders, TIMESTAMP_HEADER, type SignatureCheck } from './wallet-signature';
import {
  WALLET_ERROR_CODES,
  type WalletAnswer,
  type WalletCalls,
  type WalletContractVersion,
  type WalletOperation,
} from './wallet-protocol';

/** Where a partner's wallet is and how it is called. */
export interface WalletEndpoint {
  /** The wallet's base URL: calls go to `<baseUrl>/<operation>`. */
  readonly baseUrl: string;
  /** Signs every call; and checks the answers, unless `answerKeys` says which secrets do. */
  readonly secret: string;
  /**
   * The secrets an answer may be signed with, each by an id of the caller's: during a rotation of
   * the shared secret, the one signing the calls, the next and the last (docs/WALLET.md, "Rotating
   * the secret"). `secret` alone when absent.
   */
  readonly answerKeys?: readonly AnswerKey[];
  /**
   * The answer keys read again, when an answer is signed with none of `answerKeys`: the caller's
   * copy may be older than a rotation the partner already follows. Asked once per answer.
   */
  readonly freshAnswerKeys?: () => Promise<readonly AnswerKey[]>;
  /** Told which key signed an answer that was trusted (a rotation moves on when its next secret signs one); never throws. */
  readonly onAnswerSignedWith?: (keyId: string) => Promise<void>;
  /** How long a call may take before it counts as unanswered (3 s by default). */
  readonly timeoutMs?: number;
  /** Seconds since the epoch, for the signatures. */
  readonly now?: () => number;
  /** The wallet contract's version the partner is on: from 2, an answer must name the request it answers. */
  readonly contract?: WalletContractVersion;
}

/** A secret an answer may be signed with, and what the caller calls it. */
export interface AnswerKey {
  readonly id: string;
  readonly secret: string;
}

export const DEFAULT_WALLET_TIMEOUT_MS = 3_000;

/**
 * What became of a call. Only ANSWERED says what the wallet did; after any other, the caller
 * cannot know whether the money moved (a debit is then rolled back, a credit sent again).
 */
export type WalletCallResult =
  | { readonly kind: 'ANSWERED'; readonly answer: WalletAnswer }
  /** Answered, but not signed with the partner's secret (or not a wallet answer): not to be trusted. */
  | { readonly kind: 'UNTRUSTED_ANSWER'; readonly reason: string }
  | { readonly kind: 'SERVER_ERROR'; readonly status: number }
  | { readonly kind: 'TIMEOUT' }
  | { readonly kind: 'NO_ANSWER'; readonly reason: string };

/** Sends one signed call, and checks the answer's signature. Never throws for the wallet's failures. */
export async function callWallet<O extends WalletOperation>(
  endpoint: WalletEndpoint,
  operation: O,
  call: WalletCalls[O],
): Promise<WalletCallResult> {
  return sendWalletCall(endpoint, operation, JSON.stringify(call));
}

/**
 * Sends one call's body exactly as given (a call sent again must be the same bytes: the wallet
 * matches a requestId's replay by its body), and checks the answer's signature.
 */
export async function sendWalletCall(endpoint: WalletEndpoint, operation: WalletOperation, body: string): Promise<WalletCallResult> {
  const now = endpoint.now ?? (() => Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/$/, '')}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(endpoint.secret, body, now()) },
      body,
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return { kind: 'TIMEOUT' };
    return {
      kind: 'NO_ANSWER',
      reason: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
    };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return { kind: 'TIMEOUT' };
    return { kind: 'NO_ANSWER', reason: 'the answer was cut off' };
  }
  if (response.status >= 500) return { kind: 'SERVER_ERROR', status: response.status };
  if (response.status !== 200) return { kind: 'UNTRUSTED_ANSWER', reason: `HTTP ${response.status}` };
  const signature = await answerKeyOf(endpoint, response, text, now());
  if (signature.check !== 'VALID')
    return { kind: 'UNTRUSTED_ANSWER', reason: `the answer's signature is ${signature.check.toLowerCase()}` };
  const answer = walletAnswerOf(text);
  if (!answer) return { kind: 'UNTRUSTED_ANSWER', reason: 'not a wallet answer' };
  // Version 2: the signed answer names its request, so that an answer to another call cannot be passed off as this one's
  // (a refusal of a body whose requestId could not be read may name none).
  if ((endpoint.contract ?? 1) >= 2 && (answer.status === 'OK' || answer.requestId !== undefined) && answer.requestId !== requestIdOf(body))
    return { kind: 'UNTRUSTED_ANSWER', reason: 'the answer names another request' };
  await endpoint.onAnswerSignedWith?.(signature.keyId!);
  return { kind: 'ANSWERED', answer };
}

/** Which of the endpoint's answer keys signed the answer (its keys read again once, if none did), or why none did. */
async function answerKeyOf(
  endpoint: WalletEndpoint,
  response: Response,
  text: string,
  nowSeconds: number,
): Promise<{ readonly check: SignatureCheck; readonly keyId?: string }> {
  const signedBy = (keys: readonly AnswerKey[]) => {
    const checks = keys.map((key) => ({ keyId: key.id, check: answerSignature(key.secret, response, text, nowSeconds) }));
    return checks.find(({ check }) => check === 'VALID') ?? { check: checks[0]?.check ?? ('MISSING' as const) };
  };
  const first = signedBy(endpoint.answerKeys ?? [{ id: 'secret', secret: endpoint.secret }]);
  // A wrong signature only: one missing or out of time is no better under other keys.
  if (first.check !== 'WRONG' || !endpoint.freshAnswerKeys) return first;
  try {
    return signedBy(await endpoint.freshAnswerKeys());
  } catch {
    // The keys could not be read again (their store failed): the answer stays untrusted, as it was.
    return first;
  }
}

/** Whether a wallet's answer, `text` as received with `response`'s headers, is signed with `secret`. */
export const answerSignature = (secret: string, response: Response, text: string, nowSeconds: number): SignatureCheck =>
  checkSignature(
    secret,
    text,
    { timestamp: response.headers.get(TIMESTAMP_HEADER) ?? undefined, signature: response.headers.get(SIGNATURE_HEADER) ?? undefined },
    nowSeconds,
  );

const requestIdOf = (body: string): unknown => (JSON.parse(body) as { requestId?: unknown }).requestId;

/** The answer `text` is, if it is one the contract allows. */
function walletAnswerOf(text: string): WalletAnswer | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const answer = json as Record<string, unknown>;
  if (answer.status === 'OK' && Number.isSafeInteger(answer.balance) && typeof answer.currency === 'string')
    return answer as unknown as WalletAnswer;
  if (answer.status === 'ERROR' && (WALLET_ERROR_CODES as readonly unknown[]).includes(answer.code) && typeof answer.message === 'string') {
    return answer as unknown as WalletAnswer;
  }
  return undefined;
}
