import { isHttpsUrl, objectFrom, listFrom, wholeNumber } from './context-values';

/** A stage's edge (docs/DEPLOY.md, "The edge"): where players and partners reach it, and what its firewall lets through. */
export interface EdgeSettings {
  /** Host names the distribution answers on (`tables.casino.example`), beside its own `*.cloudfront.net`; empty for none. */
  readonly customDomains: readonly string[];
  /** An ACM certificate in us-east-1 (CloudFront's region) covering every custom domain; required with them. */
  readonly certificateArn: string;
  /** Requests one IP may send in any 5 minutes before the firewall blocks it (partners' signed server calls aside). */
  readonly requestsPerIpPer5Minutes: number;
}

const HOST_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
/** CloudFront takes certificates from ACM in us-east-1 only. */
const CLOUDFRONT_CERTIFICATE = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;
/** AWS WAF's smallest and largest rate-based limits. */
const RATE_LIMIT = { min: 10, max: 2_000_000_000 } as const;

/** Reads and checks the stage's `edge` setting, failing synth with a message that names the key. */
export function edgeSettingsFrom(value: unknown, defaults: EdgeSettings): EdgeSettings {
  const edge = objectFrom('edge', value);
  const known = new Set(Object.keys(defaults));
  for (const key of Object.keys(edge)) if (!known.has(key)) throw new Error(`Context edge.${key} is not a setting`);
  const customDomains = listFrom('edge.customDomains', edge.customDomains ?? defaults.customDomains).map((name) => name.toLowerCase());
  for (const name of customDomains) {
    if (!HOST_NAME.test(name) || isHttpsUrl(name))
      throw new Error(`Context edge.customDomains: ${JSON.stringify(name)} is not a host name like tables.casino.example`);
  }
  const certificateArn = edge.certificateArn ?? defaults.certificateArn;
  if (typeof certificateArn !== 'string' || (certificateArn !== '' && !CLOUDFRONT_CERTIFICATE.test(certificateArn))) {
    throw new Error('Context edge.certificateArn must be the ARN of an ACM certificate in us-east-1 (CloudFront takes no other)');
  }
  if (customDomains.length > 0 !== (certificateArn !== '')) {
    throw new Error(
      'Context edge.customDomains and edge.certificateArn go together: a custom domain needs its certificate, and a certificate a domain',
    );
  }
  const requestsPerIpPer5Minutes = wholeNumber(
    'edge.requestsPerIpPer5Minutes',
    edge.requestsPerIpPer5Minutes ?? defaults.requestsPerIpPer5Minutes,
    RATE_LIMIT.min,
  );
  if (requestsPerIpPer5Minutes > RATE_LIMIT.max) throw new Error(`Context edge.requestsPerIpPer5Minutes must be at most ${RATE_LIMIT.max}`);
  return { customDomains, certificateArn, requestsPerIpPer5Minutes };
}
