/**
 * The demo's launching partner (`npm start`): `demo-launch`, whose backend launches its players
 * with signed calls (docs/LAUNCH.md). Its credential is issued once, as the house's operators issue
 * one, and kept in .local/ with its secret, so that the start banner can print the command that
 * launches its player (`npm run launch`); its player `demo-player` holds 10,000.00 MOP in an
 * account of the house's (a TRANSFER partner), deposited once.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Caller, ServiceDependencies } from '../functions/services/kernel/services';
import { deposit, openAccount } from '../functions/services/money/cashier';
import {
  issuePartnerCredential,
  listPartnerCredentials,
  MAX_CREDENTIALS_IN_FORCE,
  revokePartnerCredential,
} from '../functions/services/sessions/partner-credentials';
import { DEMO_OPERATOR } from './demo';
import type { PartnerSigner } from '../functions/launch/partner-signature';

export const DEMO_LAUNCH_PARTNER = 'demo-launch';
export const DEMO_LAUNCH_SUBJECT = 'demo-player';

const operator: Caller = { playerId: DEMO_OPERATOR, roles: new Set(['OPERATOR']) };

/** The demo partner's credential, kept in `file`: the one issued before while it is in force, else a new one. */
export async function demoLaunchPartner(deps: ServiceDependencies, file: string): Promise<PartnerSigner> {
  const kept = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as PartnerSigner,
    () => undefined,
  );
  const inForce = await listPartnerCredentials(deps, operator, DEMO_LAUNCH_PARTNER);
  let signer = kept && inForce.some((credential) => credential.keyId === kept.keyId && !credential.revokedAt) ? kept : undefined;
  if (!signer) {
    // Its file lost while its credentials are in force (two at most): the oldest gives way.
    const forced = inForce.filter((credential) => !credential.revokedAt).sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
    if (forced.length >= MAX_CREDENTIALS_IN_FORCE)
      await revokePartnerCredential(deps, operator, { partner: DEMO_LAUNCH_PARTNER, keyId: forced[0]!.keyId });
    const issued = await issuePartnerCredential(deps, operator, DEMO_LAUNCH_PARTNER);
    signer = { partner: DEMO_LAUNCH_PARTNER, keyId: issued.keyId, secret: issued.secret };
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(signer), { mode: 0o600 });
  }
  const playerId = `${DEMO_LAUNCH_PARTNER}/${DEMO_LAUNCH_SUBJECT}`;
  await openAccount(deps, operator, { playerId, currency: 'MOP' });
  await deposit(deps, operator, { playerId, amount: 1_000_000, reference: 'demo-launch-seed' });
  return signer;
}
