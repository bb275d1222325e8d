import { DEFAULT_WALLET_TIMEOUT_MS, type WalletEndpoint } from '../../wallet/wallet-client';
import { CURRENT_WALLET_CONTRACT, WALLET_CONTRACT_VERSIONS, type WalletContractVersion } from '../../wallet/wallet-protocol';
import { partnerOfPlayer } from '../../store/kernel/keys';
import { getPartnerWallet, putPartnerWallet, type PartnerWalletRecord } from '../../store/wallet/partner-wallets';
import { ServiceError } from '../kernel/service-error';
import { assertCurrency } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertConfigurablePartner, isHouseOperator, PARTNER } from '../tables/tenancy';
import { registerLedgerCurrency } from '../money/ledger-check';
import { numberParam, textParam } from '../../rules/error-params';
import { forgetWalletSecretRing, ringKeysOf, secretStore } from './wallet-secret-rings';

export interface ConfigurePartnerWalletRequest {
  readonly partner: string;
  readonly mode: 'TRANSFER' | 'SEAMLESS';
  readonly baseUrl?: string | null;
  readonly currencies?: readonly string[] | null;
  /** Set or replaced; required the first time a partner goes SEAMLESS. Never answered back. */
  readonly secret?: string | null;
  readonly timeoutMs?: number | null;
  /** The wallet contract's version (1 or 2); left out, the partner keeps its own (a new partner: the current version). */
  readonly contractVersion?: number | null;
}

/** A wallet call may wait this long at most, and at least this long (a setting per partner; 3 s by default). */
export const MIN_TIMEOUT_MS = 500;
/** At most half the GraphQL function's 10 s: a bet waits for its debit inside its request. */
export const MAX_TIMEOUT_MS = 5_000;
const MIN_SECRET = 32;
const MAX_SECRET = 512;
const MAX_CURRENCIES = 20;

/**
 * An operator of the house sets how a partner's players' money is kept: TRANSFER (accounts the
 * house keeps, the default for a partner never configured) or SEAMLESS (the partner's wallet,
 * called by the tables: docs/WALLET.md). The secret goes to the secret store (Secrets Manager in
 * AWS) and is never answered back; a configuration without one keeps the secret already set.
 * Bets placed before a change are paid the way they were taken.
 */
export async function configurePartnerWallet(
  deps: ServiceDependencies,
  caller: Caller,
  request: ConfigurePartnerWalletRequest,
): Promise<PartnerWalletRecord> {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators configure partners' wallets.");
  assertConfigurablePartner(request.partner);
  const stamp = { configuredBy: caller.playerId, configuredAt: deps.now() };
  if (request.mode === 'TRANSFER') {
    // The wallet it last named is kept: what its players are still owed (credits, rollbacks of bets taken seamless) goes there.
    const previous = await getPartnerWallet(deps.db, request.partner);
    const { baseUrl, currencies, timeoutMs, secretSetAt, contractVersion } = previous ?? {};
    const record: PartnerWalletRecord = {
      partner: request.partner,
      mode: 'TRANSFER',
      ...(baseUrl !== undefined ? { baseUrl, currencies: currencies ?? [], timeoutMs: timeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS } : {}),
      ...(secretSetAt !== undefined ? { secretSetAt } : {}),
      ...(contractVersion !== undefined ? { contractVersion } : {}),
      ...stamp,
    };
    await putPartnerWallet(deps.db, record);
    forgetPartnerWallet(deps, request.partner);
    return record;
  }
  const baseUrl = checkedBaseUrl(request.baseUrl);
  const currencies = request.currencies ?? [];
  if (currencies.length === 0 || currencies.length > MAX_CURRENCIES)
    throw new ServiceError('BAD_USER_INPUT', 'currencies: 1 to {max} ISO-4217 codes.', 'currencies', [numberParam('max', MAX_CURRENCIES)]);
  currencies.forEach(assertCurrency);
  const timeoutMs = request.timeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < MIN_TIMEOUT_MS || timeoutMs > MAX_TIMEOUT_MS)
    throw new ServiceError('BAD_USER_INPUT', 'timeoutMs: {min} to {max}.', 'timeoutMs', [
      numberParam('min', MIN_TIMEOUT_MS),
      numberParam('max', MAX_TIMEOUT_MS),
    ]);
  const previous = await getPartnerWallet(deps.db, request.partner);
  // A partner seamless before versions existed (it has a wallet URL, no version) is on version 1; one never seamless starts on the current.
  const contractVersion =
    request.contractVersion ?? previous?.contractVersion ?? (previous?.baseUrl !== undefined ? 1 : CURRENT_WALLET_CONTRACT);
  if (!(WALLET_CONTRACT_VERSIONS as readonly number[]).includes(contractVersion))
    throw new ServiceError('BAD_USER_INPUT', 'contractVersion: one of {versions}.', 'contractVersion', [
      textParam('versions', WALLET_CONTRACT_VERSIONS.join(', ')),
    ]);
  const secret = request.secret ?? undefined;
  if (secret !== undefined && (secret.length < MIN_SECRET || secret.length > MAX_SECRET || !/^[\x21-\x7e]+$/.test(secret)))
    throw new ServiceError('BAD_USER_INPUT', 'secret: {min} to {max} printable characters, no spaces.', 'secret', [
      numberParam('min', MIN_SECRET),
      numberParam('max', MAX_SECRET),
    ]);
  if (secret === undefined && previous?.secretSetAt === undefined)
    throw new ServiceError(
      'BAD_USER_INPUT',
      'secret: a seamless wallet needs its signing secret the first time it is configured.',
      'secret',
    );
  // A secret set by hand replaces the ring whole (a rotation under way included): both sides change it at once.
  if (secret !== undefined) await secretStore(deps).put(request.partner, secret, { rotating: true });
  // The ledger checks every currency it holds from its first day: a seamless partner's players' journals may be its first.
  await Promise.all(currencies.map((currency) => registerLedgerCurrency(deps, currency)));
  const record: PartnerWalletRecord = {
    partner: request.partner,
    mode: 'SEAMLESS',
    baseUrl,
    currencies: [...new Set(currencies)],
    timeoutMs,
    contractVersion: contractVersion as WalletContractVersion,
    secretSetAt: secret !== undefined ? stamp.configuredAt : previous!.secretSetAt!,
    ...stamp,
  };
  await putPartnerWallet(deps.db, record);
  forgetPartnerWallet(deps, request.partner);
  return record;
}

/** A partner's wallet configuration: to the house's operators, and to the partner's own. */
export async function partnerWallet(deps: ServiceDependencies, caller: Caller, partner: string): Promise<PartnerWalletRecord> {
  assertReadsPartnerWallet(caller, partner);
  return (
    (await getPartnerWallet(deps.db, partner)) ?? {
      partner,
      mode: 'TRANSFER',
      configuredBy: 'default',
      configuredAt: new Date(0).toISOString(),
    }
  );
}

/** The house's operators read every partner's wallet, its configuration and calls; a partner's operators their own. */
export function assertReadsPartnerWallet(caller: Caller, partner: string): void {
  if (!caller.roles.has('OPERATOR') || (caller.partner !== undefined && caller.partner !== partner))
    throw new ServiceError('FORBIDDEN', "Only the house's operators, and the partner's own, read a partner's wallet.");
  if (!PARTNER.test(partner)) throw new ServiceError('BAD_USER_INPUT', 'partner: 1 to 32 of lowercase letters, digits and -.', 'partner');
}

function checkedBaseUrl(value: string | null | undefined): string {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new ServiceError('BAD_USER_INPUT', 'baseUrl: an absolute https URL.', 'baseUrl');
  }
  // Plain http only to this machine (the reference wallet of `npm start` and the tests).
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (
    (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (value ?? '').length > 512
  )
    throw new ServiceError(
      'BAD_USER_INPUT',
      'baseUrl: an absolute https URL of at most 512 characters, without credentials, query or fragment.',
      'baseUrl',
    );
  return url.toString().replace(/\/$/, '');
}

/** A partner's configuration as a bet reads it: a copy at most this old, kept by the process. */
const CONFIG_MS = 5_000;
const configs = new Map<string, { readonly record: PartnerWalletRecord | undefined; readonly readAt: number }>();
/** When the secret of the ring this process holds was set by hand, by partner. */
const ringsSetAt = new Map<string, string | undefined>();

const cacheKey = (deps: ServiceDependencies, partner: string) => `${deps.db.tableName}\u0000${partner}`;

export function forgetPartnerWallet(deps: ServiceDependencies, partner: string): void {
  configs.delete(cacheKey(deps, partner));
  forgetWalletSecretRing(deps, partner);
}

/** A partner's configuration as bets and wallet calls read it: this process's copy, at most CONFIG_MS old. */
export async function partnerWalletOf(deps: ServiceDependencies, partner: string): Promise<PartnerWalletRecord | undefined> {
  const key = cacheKey(deps, partner);
  let copy = configs.get(key);
  if (!copy || performance.now() - copy.readAt > CONFIG_MS) {
    copy = { record: await getPartnerWallet(deps.db, partner), readAt: performance.now() };
    configs.set(key, copy);
  }
  return copy.record;
}

/** The seamless wallet a player's money is in, or undefined: the house's own players, and every TRANSFER partner's, bet from accounts. */
export async function seamlessWalletOf(deps: ServiceDependencies, playerId: string): Promise<PartnerWalletRecord | undefined> {
  const partner = partnerOfPlayer(playerId);
  const wallet = partner === undefined ? undefined : await partnerWalletOf(deps, partner);
  return wallet?.mode === 'SEAMLESS' ? wallet : undefined;
}

/**
 * Where and how to call a seamless partner's wallet: its calls signed with its ring's current
 * secret, its answers checked with every secret the ring takes (wallet-secret-rings.ts).
 */
export async function walletEndpointOf(deps: ServiceDependencies, wallet: PartnerWalletRecord): Promise<WalletEndpoint> {
  // A secret set by hand since this process's copy was read (the configuration says when) is read again.
  if (ringsSetAt.get(cacheKey(deps, wallet.partner)) !== wallet.secretSetAt) {
    forgetWalletSecretRing(deps, wallet.partner);
    ringsSetAt.set(cacheKey(deps, wallet.partner), wallet.secretSetAt);
  }
  return {
    baseUrl: wallet.baseUrl!,
    ...(await ringKeysOf(deps, wallet.partner)),
    timeoutMs: wallet.timeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS,
    contract: contractOf(wallet),
  };
}

/** The contract a partner's calls are written under: its configured version, 1 for a partner configured before versions. */
export const contractOf = (wallet: PartnerWalletRecord | undefined): WalletContractVersion => wallet?.contractVersion ?? 1;

/** The contract each player's partner is on now, read once per partner (this process's copies): for the calls a settlement writes. */
export async function walletContractsOf(
  deps: ServiceDependencies,
  playerIds: Iterable<string>,
): Promise<(playerId: string) => WalletContractVersion> {
  const partners = new Set([...playerIds].map(partnerOfPlayer).filter((partner): partner is string => partner !== undefined));
  const contracts = new Map(
    await Promise.all([...partners].map(async (partner) => [partner, contractOf(await partnerWalletOf(deps, partner))] as const)),
  );
  return (playerId) => contracts.get(partnerOfPlayer(playerId) ?? '') ?? 1;
}
