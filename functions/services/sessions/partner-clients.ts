import { getPartnerClient, putPartnerClient, type PartnerClientRecord } from '../../store/sessions/partner-clients';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertConfigurablePartner, isHouseOperator, PARTNER } from '../tables/tenancy';
import { numberParam } from '../../rules/error-params';

/** A partner embeds the client in a handful of sites at most. */
export const MAX_EMBED_ORIGINS = 10;

/**
 * The house's operators say which of a partner's sites may embed the hosted client in an iframe
 * (its pages' Content-Security-Policy `frame-ancestors`): https origins (http only for this
 * machine). None, the default: no page may embed it, and the partner opens it in a window.
 */
export async function configurePartnerClient(
  deps: ServiceDependencies,
  caller: Caller,
  { partner, embedOrigins }: { readonly partner: string; readonly embedOrigins: readonly string[] },
): Promise<PartnerClientRecord> {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators configure partners' clients.");
  assertConfigurablePartner(partner);
  if (embedOrigins.length > MAX_EMBED_ORIGINS)
    throw new ServiceError('BAD_USER_INPUT', 'embedOrigins: at most {max}.', 'embedOrigins', [numberParam('max', MAX_EMBED_ORIGINS)]);
  const origins = embedOrigins.map((origin) => {
    const normal = originOf(origin);
    if (!normal)
      throw new ServiceError(
        'BAD_USER_INPUT',
        'embedOrigins: origins such as https://casino.example (a scheme, a host and a port at most).',
        'embedOrigins',
      );
    return normal;
  });
  const record: PartnerClientRecord = {
    partner,
    embedOrigins: [...new Set(origins)],
    configuredAt: deps.now(),
    configuredBy: caller.playerId,
  };
  await putPartnerClient(deps.db, record);
  return record;
}

/** The origins whose pages may embed the client for `partner` (none for an unknown or malformed partner). */
export async function embedOriginsOf(deps: ServiceDependencies, partner: string | null | undefined): Promise<readonly string[]> {
  if (!partner || !PARTNER.test(partner)) return [];
  return (await getPartnerClient(deps.db, partner))?.embedOrigins ?? [];
}

/** The origin `value` names exactly, if it is one: https, or http to this machine; no path, query, credentials. */
function originOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  return secure && url.origin === value.replace(/\/$/, '') ? url.origin : undefined;
}
