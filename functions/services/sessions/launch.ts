import { randomBytes } from 'node:crypto';
import { GAME_NAMES } from '../../rules/games';
import { getAccount } from '../../store/money/accounts';
import { DEMO_PARTNER, partnerOfPlayer, playerIdOf } from '../../store/kernel/keys';
import { createPlayerSession, endPlayerSessionRecord, type PlayerSessionRecord } from '../../store/sessions/player-sessions';
import { ServiceError } from '../kernel/service-error';
import { isCurrencyCode, SUBJECT } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertMayPlay } from '../protection/restrictions';
import { loadPlayableTable } from '../tables/table-access';
import { contractOf, seamlessWalletOf } from '../wallet/partner-wallets';
import { openWalletSession } from '../wallet/wallet-sessions';
import { subjectOf } from '../wallet/wallet-calls';
import { deposit, openAccount } from '../money/cashier';
import { launchCodeHash } from './player-tokens';
import { textParam, type ErrorParam } from '../../rules/error-params';

/** The languages the hosted client speaks (BCP 47). */
export const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans', 'pt'] as const;
export const PLATFORMS = ['DESKTOP', 'MOBILE'] as const;
/** Play for money, or demo play: no money, no player id (docs/LAUNCH.md, "Demo play"). */
export const MODES = ['REAL', 'DEMO'] as const;
/** Demo play's chips are in ISO 4217's code for tests, no currency: demo tables play in it, and no real table does. */
export const DEMO_CURRENCY = 'XTS';
/** What a demo player's account opens with: 10,000.00 chips. */
export const DEMO_CHIPS = 1_000_000;
/** Who gives a demo player their chips (the actor of its deposit's journal): the house's cashier, for the launch. */
const DEMO_CASHIER: Caller = { playerId: 'demo-launch', roles: new Set(['OPERATOR']) };
/** A launch URL's code is good for this long, and once. */
export const LAUNCH_CODE_SECONDS = 60;

/** What a partner's backend sends to launch a player (docs/LAUNCH.md, docs/partner-api.yaml). */
export interface LaunchRequest {
  /** REAL (the default) or DEMO. */
  readonly mode?: string;
  /** The player as the partner knows them; none in demo play. */
  readonly playerId?: string;
  readonly currency: string;
  readonly language: string;
  readonly country?: string;
  /** A table; absent, the lobby. */
  readonly tableId?: string;
  readonly platform: string;
  readonly lobbyUrl?: string;
  readonly cashierUrl?: string;
  /** The partner's session token: required for a partner on wallet contract version 2, whose wallet authenticates it. */
  readonly sessionToken?: string;
}

export interface Launched {
  /** The hosted client's URL with its one-time code: the partner opens it in an iframe or a window. */
  readonly launchUrl: string;
  readonly sessionId: string;
  /** When the code in launchUrl expires (it is good once). */
  readonly codeExpiresAt: string;
}

/**
 * A partner launches its player into a table or the lobby: the session is opened (one player,
 * one currency, one language), and the answer is the hosted client's URL carrying a code the
 * client exchanges for a player token of ours. Refused, nothing is opened:
 * - a player kept from play (a time-out, a self-exclusion, an operator's block);
 * - a TRANSFER partner's player without an account of the house's in the session's currency;
 * - for a partner on wallet contract version 2, a session token its wallet does not authenticate
 *   as this player's, in this currency (the wallet's `authenticate`).
 * Demo play (mode DEMO) names no player: the session's player is a new one of demo play's
 * (DEMO_PARTNER), whose account is opened with DEMO_CHIPS of chips, at tables playing in DEMO_CURRENCY.
 */
export async function launchPlayer(
  deps: ServiceDependencies,
  partner: string,
  request: LaunchRequest,
  clientBaseUrl: string,
): Promise<Launched> {
  const checked = checkedLaunch(request);
  const demo = checked.mode === 'DEMO';
  // A demo player is nobody the partner knows: an id of demo play's own for the session.
  const playerId = demo ? playerIdOf(deps.newId(), DEMO_PARTNER) : playerIdOf(checked.playerId!, partner);
  const player: Caller = { playerId, roles: new Set(), partner: partnerOfPlayer(playerId)! };
  const now = deps.now();
  if (checked.tableId !== undefined) {
    const table = await loadPlayableTable(deps, checked.tableId, GAME_NAMES, { seenBy: player });
    if (table.currency !== checked.currency)
      throw new ServiceError(
        'CURRENCY_MISMATCH',
        demo
          ? 'The table plays in {currency}: demo play is at the tables that play in {demoCurrency}.'
          : 'The table plays in {currency}: launch the player in it, or to another table.',
        'currency',
        [textParam('currency', table.currency), ...(demo ? [textParam('demoCurrency', DEMO_CURRENCY)] : [])],
      );
  }
  if (demo) await giveDemoChips(deps, playerId);
  else await checkRealPlayer(deps, playerId, checked);
  const session: PlayerSessionRecord = {
    sessionId: deps.newId(),
    partner,
    playerId,
    currency: checked.currency,
    language: checked.language,
    ...(checked.country !== undefined ? { country: checked.country } : {}),
    ...(checked.tableId !== undefined ? { tableId: checked.tableId } : {}),
    platform: checked.platform as PlayerSessionRecord['platform'],
    ...(checked.lobbyUrl !== undefined ? { lobbyUrl: checked.lobbyUrl } : {}),
    ...(checked.cashierUrl !== undefined ? { cashierUrl: checked.cashierUrl } : {}),
    startedAt: now,
    lastUsedAt: now,
  };
  const code = randomBytes(32).toString('base64url');
  const codeExpiresAt = new Date(Date.parse(now) + LAUNCH_CODE_SECONDS * 1_000).toISOString();
  await createPlayerSession(deps.db, session, launchCodeHash(code), { sessionId: session.sessionId, expiresAt: codeExpiresAt });
  const page = checked.tableId !== undefined ? `tables/${encodeURIComponent(checked.tableId)}` : 'lobby';
  // The partner and the language stay in the address (the code does not): the page's server lets the partner's sites embed it by
  // the one, and writes its first words in the other.
  const launchUrl = `${clientBaseUrl.replace(/\/$/, '')}/${page}?partner=${partner}&code=${code}&lang=${encodeURIComponent(checked.language)}`;
  return { launchUrl, sessionId: session.sessionId, codeExpiresAt };
}

/** A partner's player may play: not kept from play, and with their money where their partner keeps it. */
async function checkRealPlayer(deps: ServiceDependencies, playerId: string, checked: LaunchRequest): Promise<void> {
  await assertMayPlay(deps, playerId, deps.now());
  const wallet = await seamlessWalletOf(deps, playerId);
  if (!wallet) {
    // A player of a TRANSFER partner plays from an account of the house's, in the session's currency.
    const account = await getAccount(deps.db, playerId);
    if (!account) throw new ServiceError('NOT_FOUND', 'The player has no account here: open one (openAccount) first.', 'playerId');
    if (account.currency !== checked.currency)
      throw new ServiceError('CURRENCY_MISMATCH', "The player's account holds {currency}.", 'currency', [
        textParam('currency', account.currency),
      ]);
  } else if (contractOf(wallet) >= 2) {
    if (checked.sessionToken === undefined)
      throw new ServiceError(
        'BAD_USER_INPUT',
        "sessionToken: your wallet authenticates your player's session: send its token.",
        'sessionToken',
      );
    await openWalletSession(deps, wallet, playerId, checked.sessionToken, checked.currency);
  }
}

/** A demo player's account, in chips, opened and paid its chips through the cashier (journalled as any deposit). */
async function giveDemoChips(deps: ServiceDependencies, playerId: string): Promise<void> {
  await openAccount(deps, DEMO_CASHIER, { playerId, currency: DEMO_CURRENCY });
  await deposit(deps, DEMO_CASHIER, { playerId, amount: DEMO_CHIPS, reference: `chips-${subjectOf(playerId)}` });
}

/** The partner ends its player's session: no token is issued for it again (those issued expire within PLAYER_TOKEN_SECONDS). */
export async function endSession(deps: ServiceDependencies, partner: string, sessionId: string): Promise<void> {
  if (typeof sessionId !== 'string' || !SUBJECT.test(sessionId))
    throw new ServiceError('BAD_USER_INPUT', "sessionId: a launch's sessionId.", 'sessionId');
  if (!(await endPlayerSessionRecord(deps.db, sessionId, partner, deps.now(), 'PARTNER')))
    throw new ServiceError('NOT_FOUND', 'No session of yours with that id is open.', 'sessionId');
}

const COUNTRY = /^[A-Z]{2}$/;

/** The request as launchPlayer takes it, or the first field at fault (never echoed back). */
export function checkedLaunch(request: LaunchRequest): LaunchRequest {
  const bad = (field: string, rule: string, params: readonly ErrorParam[] = []) =>
    new ServiceError('BAD_USER_INPUT', `{field}: ${rule}.`, field, [textParam('field', field), ...params]);
  if (typeof request !== 'object' || request === null) throw bad('body', 'a JSON object');
  if (request.mode !== undefined && !(MODES as readonly unknown[]).includes(request.mode))
    throw bad('mode', 'one of {modes}', [textParam('modes', MODES.join(', '))]);
  const demo = request.mode === 'DEMO';
  if (demo) {
    // Nobody the partner knows plays a demo, and no wallet is asked: nothing of a player may come with it.
    if (request.playerId !== undefined) throw bad('playerId', 'none in demo play');
    if (request.sessionToken !== undefined) throw bad('sessionToken', 'none in demo play');
  } else if (typeof request.playerId !== 'string' || !SUBJECT.test(request.playerId))
    throw bad('playerId', '1 to 128 of letters, digits and . _ @ + : | -');
  if (typeof request.currency !== 'string' || !isCurrencyCode(request.currency)) throw bad('currency', 'an ISO 4217 code');
  if (demo && request.currency !== DEMO_CURRENCY)
    throw bad('currency', '{demoCurrency} in demo play (chips, no money)', [textParam('demoCurrency', DEMO_CURRENCY)]);
  if (!(LANGUAGES as readonly unknown[]).includes(request.language))
    throw bad('language', 'one of {languages}', [textParam('languages', LANGUAGES.join(', '))]);
  if (request.country !== undefined && (typeof request.country !== 'string' || !COUNTRY.test(request.country)))
    throw bad('country', 'an ISO 3166-1 alpha-2 code');
  if (request.tableId !== undefined && (typeof request.tableId !== 'string' || !SUBJECT.test(request.tableId)))
    throw bad('tableId', 'a table id, or none for the lobby');
  if (!(PLATFORMS as readonly unknown[]).includes(request.platform))
    throw bad('platform', 'one of {platforms}', [textParam('platforms', PLATFORMS.join(', '))]);
  for (const field of ['lobbyUrl', 'cashierUrl'] as const)
    if (request[field] !== undefined && !isPartnerUrl(request[field])) throw bad(field, 'an absolute https URL of at most 512 characters');
  if (request.sessionToken !== undefined && typeof request.sessionToken !== 'string') throw bad('sessionToken', 'a string');
  return request;
}

/** An https URL (http only to this machine), without credentials: where the client's buttons go. */
function isPartnerUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 512) return false;
  try {
    const url = new URL(value);
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    return (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) && !url.username && !url.password;
  } catch {
    return false;
  }
}
