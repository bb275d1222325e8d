import { answerPartnerCredentialRecord, type PartnerCredentialRecord } from '../../store/sessions/partner-credentials';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { numberParam, timeParam } from '../../rules/error-params';
import {
  assertHouseOperator,
  credentialSecretName,
  credentialsInForce,
  MAX_CREDENTIALS_IN_FORCE,
  newCredential,
  ROTATION_ACTOR,
  secretStore,
  type IssuedCredential,
} from './partner-credentials';

/**
 * Rotating a partner's launch credential (docs/LAUNCH.md, "Rotating a credential"): a successor
 * is issued, on Secrets Manager's schedule for the credential's secret (services/rotation/) or by
 * an operator; the partner fetches it with a call signed by the credential it replaces
 * (POST /partner/v1/credentials/next), or the operator hands it over; the old credential stays in
 * force until the partner's first call signed with the successor, and the overlap after it
 * (partner-credentials.ts, checkPartnerSignature), then is revoked by itself. Never more than two in force.
 */

/** The successor a rotation issued of a credential in force, whose partner has not signed with it yet. */
function pendingSuccessor(inForce: readonly PartnerCredentialRecord[]): PartnerCredentialRecord | undefined {
  return inForce.find((credential) => {
    const replaced = inForce.find((one) => one.keyId === credential.successorOf);
    return replaced !== undefined && replaced.retiresAt === undefined;
  });
}

/**
 * A scheduled rotation's step for the credential `keyId`: a successor, when it is the partner's
 * only credential in force. Nothing otherwise: a successor waits for the partner already, or the
 * partner holds two of its own (its operators rotate by hand), or the credential is out of force.
 */
export async function rotateCredentialOnSchedule(
  deps: ServiceDependencies,
  partner: string,
  keyId: string,
): Promise<PartnerCredentialRecord | undefined> {
  const inForce = await credentialsInForce(deps, partner);
  if (inForce.length !== 1 || inForce[0]!.keyId !== keyId) return undefined;
  const { secret: _secret, ...issued } = await newCredential(deps, partner, { issuedBy: ROTATION_ACTOR, successorOf: keyId });
  return issued;
}

/**
 * An operator rotates a partner's credential: the successor a scheduled rotation issued, or a new
 * one of the partner's only credential in force, answered with its secret, once. The partner signs
 * with it; the old one retires by itself after the overlap.
 */
export async function rotatePartnerCredential(deps: ServiceDependencies, caller: Caller, partner: string): Promise<IssuedCredential> {
  assertHouseOperator(caller, partner);
  const inForce = await credentialsInForce(deps, partner);
  const waiting = pendingSuccessor(inForce);
  if (waiting) {
    if (!(await answerPartnerCredentialRecord(deps.db, partner, waiting.keyId, deps.now())))
      throw new ServiceError(
        'BAD_USER_INPUT',
        "The partner's next credential was answered already ({answeredAt}): the partner fetches it, or signs with it.",
        'partner',
        [timeParam('answeredAt', waiting.answeredAt ?? deps.now())],
      );
    return { ...waiting, answeredAt: deps.now(), secret: (await secretStore(deps).get(credentialSecretName(partner, waiting.keyId)))! };
  }
  if (inForce.length === 0)
    throw new ServiceError('NOT_FOUND', 'The partner has no credential in force to rotate: issue one (issuePartnerCredential).', 'partner');
  if (inForce.length >= MAX_CREDENTIALS_IN_FORCE)
    throw new ServiceError(
      'BAD_USER_INPUT',
      'The partner has {max} credentials in force: revoke one, or wait for the one retiring to retire, first.',
      'partner',
      [numberParam('max', MAX_CREDENTIALS_IN_FORCE)],
    );
  return newCredential(deps, partner, { issuedBy: caller.playerId, successorOf: inForce[0]!.keyId, answeredAt: deps.now() });
}

/** The successor of the credential a partner's call is signed with (`keyId`), to that call: NOT_FOUND when none waits. */
export async function nextCredential(
  deps: ServiceDependencies,
  partner: string,
  keyId: string,
): Promise<{ readonly keyId: string; readonly secret: string; readonly issuedAt: string }> {
  // An operator's successor goes from them to the partner, never by this call: a rotation asked for
  // because the credential leaked must not hand its successor to whoever holds it.
  const successor = (await credentialsInForce(deps, partner)).find(
    (credential) => credential.successorOf === keyId && credential.answeredAt === undefined,
  );
  const secret = successor && (await secretStore(deps).get(credentialSecretName(partner, successor.keyId)));
  if (!successor || secret === undefined) throw new ServiceError('NOT_FOUND', 'No successor of this credential is in force.');
  return { keyId: successor.keyId, secret, issuedAt: successor.issuedAt };
}
