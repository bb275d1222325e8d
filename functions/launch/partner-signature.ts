import { signatureOf } from '../wallet/wallet-signature';

/** A signed call's headers (docs/LAUNCH.md, "Signing a call"): the partner, its credential, the time and the signature. */
export const PARTNER_HEADER = 'x-partner';
export const KEY_ID_HEADER = 'x-partner-key-id';
export const PARTNER_TIMESTAMP_HEADER = 'x-partner-timestamp';
export const PARTNER_SIGNATURE_HEADER = 'x-partner-signature';

/** A partner's credential, as its backend signs with it. */
export interface PartnerSigner {
  readonly partner: string;
  readonly keyId: string;
  readonly secret: string;
}

/** The headers that sign `body` for `signer` at `nowSeconds`: the wallet's scheme, with the partner and key id beside it. */
export function signedPartnerHeaders(signer: PartnerSigner, body: string, nowSeconds: number): Record<string, string> {
  return {
    [PARTNER_HEADER]: signer.partner,
    [KEY_ID_HEADER]: signer.keyId,
    [PARTNER_TIMESTAMP_HEADER]: String(nowSeconds),
    [PARTNER_SIGNATURE_HEADER]: signatureOf(signer.secret, nowSeconds, body),
  };
}
