import type { Node } from 'constructs';

/**
 * What differs between one deployment and the next: who issues the callers' tokens, which
 * audience they must carry, and which browser origins may call the API. Read from CDK context
 * (defaults in cdk.json, overridden with `-c key=value`); see infra/README.md.
 */
export interface DeploymentSettings {
  /** The identity provider's issuer URL; API Gateway fetches its keys from `<issuer>/.well-known/openid-configuration`. */
  readonly jwtIssuer: string;
  /** Accepted `aud` (or `client_id`) values; a token must carry at least one of them. */
  readonly jwtAudience: readonly string[];
  /** Browser origins allowed by CORS (e.g. `https://tables.example.com`); empty allows none. */
  readonly allowedOrigins: readonly string[];
}

/** Reads and checks the deployment settings from CDK context, failing synth with a clear message when one is wrong. */
export function deploymentSettingsFrom(node: Node): DeploymentSettings {
  const jwtIssuer = node.tryGetContext('jwtIssuer');
  if (typeof jwtIssuer !== 'string' || !isHttpsUrl(jwtIssuer)) {
    throw new Error(`Context jwtIssuer must be the https URL of the token issuer, got ${JSON.stringify(jwtIssuer)}`);
  }
  const jwtAudience = listFrom('jwtAudience', node.tryGetContext('jwtAudience'));
  if (jwtAudience.length === 0) {
    throw new Error('Context jwtAudience must name at least one audience: an empty list would let API Gateway accept no token');
  }
  const allowedOrigins = listFrom('allowedOrigins', node.tryGetContext('allowedOrigins') ?? []);
  for (const origin of allowedOrigins) {
    // A browser sends its Origin as scheme://host[:port] exactly; a trailing slash or a path
    // would never match, and the API would silently refuse every preflight.
    if (origin !== '*' && !isOrigin(origin)) {
      throw new Error(
        `Context allowedOrigins: ${JSON.stringify(origin)} is not an origin like https://tables.example.com (no path, no trailing slash)`,
      );
    }
  }
  return { jwtIssuer, jwtAudience, allowedOrigins };
}

/** Context from cdk.json arrives as a JSON array; from `-c key=a,b` on the command line, as one string. */
function listFrom(key: string, value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) {
    throw new Error(`Context ${key} must be a list of strings or a comma-separated string, got ${JSON.stringify(value)}`);
  }
  return items.map((item: string) => item.trim()).filter((item) => item !== '');
}

function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}
