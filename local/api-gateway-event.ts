import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * A GraphQL POST as API Gateway's HTTP API hands it to the Lambda (payload format 2.0), with the
 * JWT authorizer's claims when given, and the bearer token that carried them (the function reads
 * the claims' types from it; its signature is the authorizer's business, so none is made here):
 * for invoking a bundled handler directly, outside the local server (the bundle test, the
 * cold-start benchmark).
 */
export function graphqlPostEvent(query: string, claims?: Record<string, string>): APIGatewayProxyEventV2 {
  const token = claims && `${encode({ alg: 'RS256' })}.${encode(claims)}.${encode('unsigned')}`;
  return {
    version: '2.0',
    routeKey: 'POST /graphql',
    rawPath: '/graphql',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'api.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'api',
      http: { method: 'POST', path: '/graphql', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'direct-invoke' },
      requestId: 'direct-invoke',
      routeKey: 'POST /graphql',
      stage: '$default',
      time: '01/Jan/2030:00:00:00 +0000',
      timeEpoch: 1893456000000,
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    body: JSON.stringify({ query }),
    isBase64Encoded: false,
  };
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
