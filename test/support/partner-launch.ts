/**
 * A partner's backend for tests: a credential the house's operators issue it through the API, and
 * its calls to the session routes, signed as docs/LAUNCH.md says (the wallet's signature scheme,
 * with the partner and key id beside it).
 */
import { signedPartnerHeaders, type PartnerSigner } from '../../functions/launch/partner-signature';
import { dealer, type TestApi } from './test-api';

export type { PartnerSigner };

const ISSUE = `mutation ($partner: ID!) {
  issuePartnerCredential(input: { partner: $partner }) { credential { keyId secret issuedAt } userErrors { code message field } }
}`;

/** A new credential of `partner`, issued by a house operator. */
export async function issueCredential(api: TestApi, partner: string): Promise<PartnerSigner> {
  const { keyId, secret } = (await api.data(dealer('test-dealer'), ISSUE, { partner })).issuePartnerCredential.credential;
  return { partner, keyId, secret };
}

/**
 * A signed call of the partner's backend to `path`, its timestamp `clockMs` (the handler's clock,
 * which a test may move on: a partner signs by its own clock, in time with ours).
 */
export async function partnerCall(
  api: TestApi,
  signer: PartnerSigner,
  path: string,
  body: unknown,
  clockMs = Date.now(),
): Promise<{ status: number; body: any }> {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(clockMs / 1_000);
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedPartnerHeaders(signer, text, timestamp) },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as any };
}

export { ISSUE as ISSUE_CREDENTIAL };
