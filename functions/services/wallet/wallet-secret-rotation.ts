import { randomBytes } from 'node:crypto';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { overlapOf } from '../kernel/secret-overlap';
import { assertConfigurablePartner, isHouseOperator } from '../tables/tenancy';
import { forgetPartnerWallet, partnerWalletOf } from './partner-wallets';
import { answered, moved, ringOf, ringText, withNext } from './secret-ring';
import { secretStore } from './wallet-secret-rings';
import { timeParam } from '../../rules/error-params';

/**
 * Rotating a partner's wallet secret (docs/WALLET.md, "Rotating the secret"): a next secret is
 * made, by Secrets Manager's schedule (services/rotation/secret-rotation.ts) or an operator; the
 * partner fetches it (POST /partner/v1/wallet-secret/next, signed with its launch credential) or
 * the operator hands it over; the partner's wallet takes calls signed with either secret and signs
 * its answers with the next; the first answer signed with it, or an operator's finish, makes it
 * current. A partner whose wallet ignores rotations keeps working: its next secret waits unused.
 */

/** A new next secret: 32 random bytes, as hex (64 characters: within what configurePartnerWallet takes). */
export const newWalletSecret = (): string => randomBytes(32).toString('hex');

/** The next secret, as answered once to an operator and to the partner's signed calls. */
export interface NextWalletSecret {
  readonly partner: string;
  readonly secret: string;
  readonly madeAt: string;
}

/** A rotation finished by hand: when next became current, and until when the old secret is still taken on answers. */
export interface FinishedWalletSecretRotation {
  readonly partner: string;
  readonly movedAt: string;
  readonly previousDroppedAt: string;
}

/**
 * An operator rotates a partner's wallet secret: a next secret is made, unless the ring has one
 * (made on the schedule), and answered, once. The partner's wallet must take it before the
 * rotation is finished (its first answer signed with it, or finishPartnerWalletSecretRotation).
 */
export async function rotatePartnerWalletSecret(deps: ServiceDependencies, caller: Caller, partner: string): Promise<NextWalletSecret> {
  await assertSeamlessPartner(deps, caller, partner);
  const now = deps.now();
  const text = await secretStore(deps).update(partner, (stored) => {
    const ring = ringOf(storedOf(partner, stored));
    if (ring.nextAnsweredAt !== undefined)
      throw new ServiceError(
        'BAD_USER_INPUT',
        "The partner's next secret was answered already ({answeredAt}): the partner fetches it, or signs with it; finish the rotation before another.",
        'partner',
        [timeParam('answeredAt', ring.nextAnsweredAt)],
      );
    return ringText(answered(withNext(ring, newWalletSecret(), now), now));
  });
  forgetPartnerWallet(deps, partner);
  const ring = ringOf(text!);
  return { partner, secret: ring.next!, madeAt: ring.nextMadeAt! };
}

/**
 * An operator finishes a rotation the partner's wallet has not finished by answering with the next
 * secret: it becomes current (calls are signed with it from now), and answers signed with the old
 * one are taken for the overlap. For a partner that holds the next secret, and will sign with it.
 */
export async function finishPartnerWalletSecretRotation(
  deps: ServiceDependencies,
  caller: Caller,
  partner: string,
): Promise<FinishedWalletSecretRotation> {
  await assertSeamlessPartner(deps, caller, partner);
  const now = deps.now();
  const text = await secretStore(deps).update(partner, (stored) => {
    const next = moved(ringOf(storedOf(partner, stored)), now, overlapOf(deps));
    if (!next) throw new ServiceError('NOT_FOUND', "No rotation of the partner's wallet secret is under way.", 'partner');
    return ringText(next);
  });
  forgetPartnerWallet(deps, partner);
  const ring = ringOf(text!);
  return { partner, movedAt: ring.movedAt!, previousDroppedAt: ring.previousUntil! };
}

/** The partner's next secret, to its own signed call: NOT_FOUND when no scheduled rotation is under way. */
export async function nextWalletSecret(deps: ServiceDependencies, partner: string): Promise<NextWalletSecret> {
  const stored = await deps.walletSecrets?.get(partner);
  const ring = stored === undefined ? undefined : ringOf(stored);
  // One the house's operators were answered goes from them to the partner, never by this call: a
  // rotation asked for because a credential leaked must not hand the new secret to that credential.
  if (ring?.next === undefined || ring.nextAnsweredAt !== undefined || (await partnerWalletOf(deps, partner))?.secretSetAt === undefined)
    throw new ServiceError('NOT_FOUND', 'No rotation of your wallet secret is under way.');
  return { partner, secret: ring.next, madeAt: ring.nextMadeAt ?? deps.now() };
}

/**
 * A scheduled rotation's step on a ring's text (the rotation function's createSecret): a next
 * secret, unless the ring has one already: never replaced, as the partner may hold it.
 */
export const rotatedRingText = (text: string, now: string): string => ringText(withNext(ringOf(text), newWalletSecret(), now));

/**
 * Whether a ring a scheduled rotation prepared (`pending`) may become current over `current`: it
 * made a next on the ring as it still is (same current, no next since). Otherwise the ring moved,
 * or was rotated on demand, since: the prepared one is dropped, the ring kept as it is.
 */
export function pendingRingTakes(pending: string, current: string): boolean {
  const made = ringOf(pending);
  const now = ringOf(current);
  return made.next !== undefined && now.next === undefined && made.current === now.current;
}

/** The ring's text, which a partner configured with a secret has. */
function storedOf(partner: string, stored: string | undefined): string {
  if (stored === undefined) throw new Error(`partner ${partner} has a wallet configured, but its wallet secret is not stored`);
  return stored;
}

async function assertSeamlessPartner(deps: ServiceDependencies, caller: Caller, partner: string): Promise<void> {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators rotate partners' wallet secrets.");
  assertConfigurablePartner(partner);
  if ((await partnerWalletOf(deps, partner))?.secretSetAt === undefined)
    throw new ServiceError('BAD_USER_INPUT', 'The partner has no wallet secret to rotate: configure its wallet first.', 'partner');
}
