import { randomBytes } from 'node:crypto';
import {
  partnerCredentials,
  putPartnerCredential,
  revokePartnerCredentialRecord,
  type PartnerCredentialRecord,
} from '../../store/sessions/partner-credentials';
import { checkSignature, type SignatureCheck } from '../../wallet/wallet-signature';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertConfigurablePartner, isHouseOperator, PARTNER } from '../tables/tenancy';
import { numberParam } from '../../rules/error-params';

/** Credentials in force at once: the one in use and the one replacing it (docs/LAUNCH.md, "Credentials"). */
export const MAX_CREDENTIALS_IN_FORCE = 2;

/** A credential as issued: its secret, shown this once and never again. */
export interface IssuedCredential extends PartnerCredentialRecord {
  readonly secret: string;
}

/** Where a credential's secret is kept in the secret store. */
const secretName = (partner: string, keyId: string) => `${partner}/launch/${keyId}`;

/**
 * The house's operators issue a partner a credential: a key id and a secret, which signs the
 * partner's calls as the wallet's calls are signed (HMAC-SHA256 over the timestamp and the body).
 * Refused beyond two in force: revoke the old one first.
 */
export async function issuePartnerCredential(deps: ServiceDependencies, caller: Caller, partner: string): Promise<IssuedCredential> {
  assertHouseOperator(caller, partner);
  if ((await credentialsInForce(deps, partner)).length >= MAX_CREDENTIALS_IN_FORCE)
    throw new ServiceError('BAD_USER_INPUT', 'The partner has {max} credentials in force: revoke one first.', 'partner', [
      numberParam('max', MAX_CREDENTIALS_IN_FORCE),
    ]);
  const record: PartnerCredentialRecord = {
    partner,
    keyId: randomBytes(9).toString('base64url'),
    issuedAt: deps.now(),
    issuedBy: caller.playerId,
  };
  const secret = randomBytes(32).toString('hex');
  // The secret first: a credential listed is one that can be checked.
  await secretStore(deps).put(secretName(partner, record.keyId), secret);
  await putPartnerCredential(deps.db, record);
  return { ...record, secret };
}

export async function revokePartnerCredential(
  deps: ServiceDependencies,
  caller: Caller,
  { partner, keyId }: { readonly partner: string; readonly keyId: string },
): Promise<PartnerCredentialRecord> {
  assertHouseOperator(caller, partner);
  if (!(await revokePartnerCredentialRecord(deps.db, partner, keyId, deps.now(), caller.playerId)))
    throw new ServiceError('NOT_FOUND', 'The partner has no credential in force with that keyId.', 'keyId');
  return (await partnerCredentials(deps.db, partner)).find((credential) => credential.keyId === keyId)!;
}

/** Every credential the partner has had (never a secret): to the house's operators. */
export async function listPartnerCredentials(
  deps: ServiceDependencies,
  caller: Caller,
  partner: string,
): Promise<PartnerCredentialRecord[]> {
  assertHouseOperator(caller, partner);
  return partnerCredentials(deps.db, partner);
}

const credentialsInForce = async (deps: ServiceDependencies, partner: string) =>
  (await partnerCredentials(deps.db, partner)).filter((credential) => credential.revokedAt === undefined);

/**
 * Whether a partner's call is signed with a credential of theirs in force (`keyId`), within the
 * signature's tolerance of now. MISSING for an unknown partner or key id: a caller learns nothing
 * of which partners or keys exist.
 */
export async function checkPartnerSignature(
  deps: ServiceDependencies,
  call: {
    readonly partner: string;
    readonly keyId: string;
    readonly timestamp?: string;
    readonly signature?: string;
    readonly body: string;
  },
): Promise<SignatureCheck> {
  if (!PARTNER.test(call.partner) || !/^[A-Za-z0-9_-]{1,32}$/.test(call.keyId)) return 'MISSING';
  if (!(await credentialsInForce(deps, call.partner)).some((credential) => credential.keyId === call.keyId)) return 'MISSING';
  const secret = await secretStore(deps).get(secretName(call.partner, call.keyId));
  if (secret === undefined) return 'MISSING';
  return checkSignature(
    secret,
    call.body,
    { timestamp: call.timestamp, signature: call.signature },
    Math.floor(Date.parse(deps.now()) / 1_000),
  );
}

function assertHouseOperator(caller: Caller, partner: string): void {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators issue and revoke partners' credentials.");
  assertConfigurablePartner(partner);
}

const secretStore = (deps: ServiceDependencies) => {
  if (!deps.walletSecrets) throw new Error('no secret store is configured (WALLET_SECRETS)');
  return deps.walletSecrets;
};
