import { createHash, randomBytes } from 'node:crypto';
import {
  partnerCredentials,
  putPartnerCredential,
  retirePartnerCredentialRecord,
  revokePartnerCredentialRecord,
  type PartnerCredentialRecord,
} from '../../store/sessions/partner-credentials';
import { checkSignature, SIGNATURE_TOLERANCE_SECONDS, type SignatureCheck } from '../../wallet/wallet-signature';
import { takeSignedCallOnce } from '../../store/sessions/signed-calls';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { overlapOf } from '../kernel/secret-overlap';
import { assertConfigurablePartner, isHouseOperator, PARTNER } from '../tables/tenancy';
import { numberParam } from '../../rules/error-params';

/** Credentials in force at once: the one in use and the one replacing it (docs/LAUNCH.md, "Credentials"). */
export const MAX_CREDENTIALS_IN_FORCE = 2;

/** A credential as issued: its secret, shown this once and never again. */
export interface IssuedCredential extends PartnerCredentialRecord {
  readonly secret: string;
}

/** Who revokes a credential that retired at the end of its rotation's overlap. */
export const ROTATION_ACTOR = 'rotation';

/** Where a credential's secret is kept in the secret store. */
export const credentialSecretName = (partner: string, keyId: string) => `${partner}/launch/${keyId}`;

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
  return newCredential(deps, partner, { issuedBy: caller.playerId });
}

/**
 * A new credential's key id: 18 hexadecimal characters (72 random bits). Never a leading dash,
 * which a command line would take for an option (`npm run launch -- --key-id <keyId>`); ids
 * issued before in base64url (a dash or underscore among them) are still taken.
 */
export const newKeyId = (): string => randomBytes(9).toString('hex');

/**
 * A new credential of the partner's, its secret in the secret store (rotating on its schedule:
 * credential-rotation.ts). `successorOf`: the one it replaces, which retires once the partner signs with it.
 */
export async function newCredential(
  deps: ServiceDependencies,
  partner: string,
  fields: { readonly issuedBy: string; readonly successorOf?: string; readonly answeredAt?: string },
): Promise<IssuedCredential> {
  const record: PartnerCredentialRecord = { partner, keyId: newKeyId(), issuedAt: deps.now(), ...fields };
  const secret = randomBytes(32).toString('hex');
  // The secret first: a credential listed is one that can be checked.
  await secretStore(deps).put(credentialSecretName(partner, record.keyId), secret, { rotating: true });
  await putPartnerCredential(deps.db, record);
  return { ...record, secret };
}

export async function revokePartnerCredential(
  deps: ServiceDependencies,
  caller: Caller,
  { partner, keyId }: { readonly partner: string; readonly keyId: string },
): Promise<PartnerCredentialRecord> {
  assertHouseOperator(caller, partner);
  // One retired at the end of its rotation's overlap is revoked already (by the rotation), not again.
  await credentialsOf(deps, partner);
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
  return credentialsOf(deps, partner);
}

/**
 * Every credential of the partner's, as it stands now: one whose rotation's overlap is over is
 * revoked (at the moment it retired, by the rotation), in the store too the first time it is read so.
 */
export async function credentialsOf(deps: ServiceDependencies, partner: string): Promise<PartnerCredentialRecord[]> {
  const now = deps.now();
  const credentials = await partnerCredentials(deps.db, partner);
  return Promise.all(
    credentials.map(async (credential) => {
      if (credential.revokedAt !== undefined || credential.retiresAt === undefined || credential.retiresAt > now) return credential;
      await revokePartnerCredentialRecord(deps.db, partner, credential.keyId, credential.retiresAt, ROTATION_ACTOR);
      return { ...credential, revokedAt: credential.retiresAt, revokedBy: ROTATION_ACTOR };
    }),
  );
}

export const credentialsInForce = async (deps: ServiceDependencies, partner: string): Promise<PartnerCredentialRecord[]> =>
  (await credentialsOf(deps, partner)).filter((credential) => credential.revokedAt === undefined);

/**
 * Whether a partner's call is signed with a credential of theirs in force (`keyId`), within the
 * signature's tolerance of now. MISSING for an unknown partner or key id: a caller learns nothing
 * of which partners or keys exist. The first call signed with a rotation's successor starts the
 * overlap of the credential it replaces (docs/LAUNCH.md, "Rotating a credential").
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
  const inForce = await credentialsInForce(deps, call.partner);
  const credential = inForce.find((one) => one.keyId === call.keyId);
  if (!credential) return 'MISSING';
  const secret = await secretStore(deps).get(credentialSecretName(call.partner, call.keyId));
  if (secret === undefined) return 'MISSING';
  const check = checkSignature(
    secret,
    call.body,
    { timestamp: call.timestamp, signature: call.signature },
    Math.floor(Date.parse(deps.now()) / 1_000),
  );
  const replaced = inForce.find((one) => one.keyId === credential.successorOf);
  if (check === 'VALID' && replaced && replaced.retiresAt === undefined)
    await retirePartnerCredentialRecord(
      deps.db,
      call.partner,
      replaced.keyId,
      new Date(Date.parse(deps.now()) + overlapOf(deps)).toISOString(),
    );
  return check;
}

export function assertHouseOperator(caller: Caller, partner: string): void {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators issue and revoke partners' credentials.");
  assertConfigurablePartner(partner);
}

export const secretStore = (deps: ServiceDependencies) => {
  if (!deps.walletSecrets) throw new Error('no secret store is configured (WALLET_SECRETS)');
  return deps.walletSecrets;
};

/**
 * Takes a signed call that answers a secret once (a rotation's next secret or credential): false
 * when its signature was used already. Its signature covers the body, not the path, so the same
 * headers sent again, on the same route or the other, answer nothing: a signature that leaked into
 * a log is good for nothing once the partner's own call used it.
 */
export async function takeSecretCallOnce(
  deps: ServiceDependencies,
  call: { readonly partner: string; readonly timestamp: string; readonly signature: string },
): Promise<boolean> {
  const hash = createHash('sha256').update(`${call.partner}\u0000${call.signature}`).digest('hex');
  // Kept until its timestamp is past the tolerance, when the call would be refused anyway.
  const keptUntil = Number(call.timestamp) + SIGNATURE_TOLERANCE_SECONDS + 60;
  return takeSignedCallOnce(deps.db, hash, call.partner, deps.now(), keptUntil);
}
