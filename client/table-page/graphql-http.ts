/**
 * Queries and mutations over HTTP, on the page's own origin, each typed by its document. A
 * refusal comes back as its `extensions.code` and message (the API's ErrorCode), not as a throw,
 * so that the page shows it as the API gave it.
 */
import type { TypedDocumentString } from '../generated/graphql';
import type { PlayerToken } from './player-token';
import { t } from './i18n/language';
import { refusalText, type RefusalParameter } from './i18n/refusals';

export type Answer<T> = { readonly data: T } | { readonly code: string; readonly message: string };

interface GraphQLBody<T> {
  readonly data?: T | null;
  readonly errors?: readonly {
    readonly message: string;
    readonly extensions?: { readonly code?: string; readonly params?: readonly RefusalParameter[] };
  }[];
}

export class GraphQLHttp {
  constructor(
    private readonly url: string,
    private readonly token: PlayerToken,
  ) {}

  async request<TResult, TVariables>(operation: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<Answer<TResult>> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: await this.token.authorization() },
        body: JSON.stringify({ query: operation.toString(), variables }),
      });
    } catch {
      return { code: 'NETWORK_ERROR', message: t('http.unreachable') };
    }
    const body = (await response.json().catch(() => ({}))) as GraphQLBody<TResult> & { message?: string };
    const [error] = body.errors ?? [];
    if (error) {
      const code = error.extensions?.code ?? `HTTP_${response.status}`;
      // Said in the page's language from its code and parameters, where the catalogs have words for it.
      return { code, message: refusalText({ code, message: error.message, params: error.extensions?.params ?? null }) };
    }
    if (!response.ok || !body.data) return { code: `HTTP_${response.status}`, message: body.message ?? t('http.refused') };
    return { data: body.data };
  }
}
