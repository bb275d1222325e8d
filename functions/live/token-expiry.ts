import { answeredError, type AnsweredError } from '../graphql/errors';

/** Whether a connection's token has expired (epoch seconds) by the server's clock: it may subscribe and be told nothing more. */
export const tokenExpired = (tokenExpiresAt: number, now: string): boolean => tokenExpiresAt * 1000 <= Date.parse(now);

/** What a subscription is told when its token expired: it ends, and the client connects again with a new one. */
export const TOKEN_EXPIRED: AnsweredError = answeredError('UNAUTHENTICATED', 'The token expired: connect again with a new one.');
