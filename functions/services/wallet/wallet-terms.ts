import type { ServiceDependencies } from '../kernel/services';
import { roundDetailsLinks } from '../rounds/round-links';
import { walletContractsOf } from './partner-wallets';
import type { WalletTerms } from './wallet-calls';
import { walletSessionsOf } from './wallet-sessions';

/**
 * What the calls a settlement or a prize writes for these seamless players say beyond their bets,
 * read once for all of them: each partner's contract (its copy), each version 2 player's session
 * token (one batch read), and the link to a player's part of a round (version 2 credits).
 */
export async function walletTermsOf(deps: ServiceDependencies, playerIds: Iterable<string>): Promise<WalletTerms> {
  const players = [...new Set(playerIds)];
  const contractOf = await walletContractsOf(deps, players);
  const [sessionOf, links] = await Promise.all([
    walletSessionsOf(deps, players, contractOf),
    players.some((playerId) => contractOf(playerId) >= 2) ? roundDetailsLinks(deps) : undefined,
  ]);
  return {
    contractOf,
    sessionOf,
    roundDetailsOf: (tableId, sequence, playerId) => (contractOf(playerId) >= 2 ? links?.(tableId, sequence, playerId) : undefined),
  };
}
