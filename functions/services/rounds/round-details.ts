import { timingSafeEqual } from 'node:crypto';
import { parseRoundId, partnerOfPlayer } from '../../store/kernel/keys';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import { ServiceError } from '../kernel/service-error';
import { SUBJECT } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { recallRound } from './round-recall';
import { detailsKey, detailsSignature } from './round-links';

/**
 * A round's details for one player (docs/LAUNCH.md, "Round details"): a link the player or the
 * partner's support opens without signing in, that never expires. The link is signed (HMAC-SHA256
 * with a key of the house's, made on first use and kept in the secret store) over the round and
 * the player: it shows that player's bets of that round and nothing else, and cannot be made for
 * another.
 */
/** What a round-details link shows: the round's outcome, the player's bets in it and what they were paid. */
export interface RoundDetails {
  readonly round: {
    readonly id: string;
    readonly tableId: string;
    readonly sequence: number;
    readonly recordedAt: string;
    readonly settledAt: string | null;
    readonly outcome:
      | { readonly kind: 'ROLL'; readonly dice: readonly number[] | null }
      | {
          readonly kind: 'DEAL';
          readonly cards: readonly string[];
          readonly winner: string;
          readonly playerTotal: number;
          readonly bankerTotal: number;
        }
      | { readonly kind: 'VOID'; readonly reason: string };
    /** At a table the server deals: the seed committed to before the bets, and once revealed the seed and salt. */
    readonly fairness: { readonly commitment: string; readonly seed: string | null; readonly salt: string | null } | null;
  };
  readonly playerId: string;
  readonly currency: string;
  readonly bets: readonly {
    readonly betId: string;
    readonly type: string;
    readonly amount: number;
    readonly outcome: string;
    readonly returned: number;
  }[];
  /** The player's bets' returns and their jackpot share. */
  readonly credited: { readonly bets: number; readonly jackpot: number };
}

/** The round's details, for whoever holds the link: refused (NOT_FOUND) unless the signature is the house's for that round and player. */
export async function roundDetails(
  deps: ServiceDependencies,
  { round, player, sig }: { readonly round: string; readonly player: string; readonly sig: string },
): Promise<RoundDetails> {
  const parsed = parseRoundId(round);
  const notFound = new ServiceError('NOT_FOUND', 'No such round details: the link is not one of ours, or was changed.');
  if (!parsed || !isPlayerId(player) || !/^[A-Za-z0-9_-]{43}$/.test(sig) || !deps.walletSecrets) throw notFound;
  const expected = Buffer.from(detailsSignature(await detailsKey(deps.walletSecrets), round, player));
  if (!timingSafeEqual(expected, Buffer.from(sig))) throw notFound;
  // Read as the player would: their own bets and credits, at a table offered to their partner.
  const partner = partnerOfPlayer(player);
  const caller: Caller = { playerId: player, roles: new Set(), ...(partner !== undefined ? { partner } : {}) };
  const recall = await recallRound(deps, caller, parsed.tableId, parsed.sequence);
  if (!recall) throw notFound;
  const credit = recall.credits.find((one) => one.playerId === player);
  return {
    round: {
      id: round,
      tableId: parsed.tableId,
      sequence: parsed.sequence,
      recordedAt: recall.outcome.recordedAt,
      settledAt: recall.outcome.settledAt ?? null,
      outcome: outcomeOf(recall.outcome),
      fairness: recall.outcome.fairness
        ? {
            commitment: recall.outcome.fairness.commitment,
            seed: recall.outcome.fairness.seed ?? null,
            salt: recall.outcome.fairness.salt ?? null,
          }
        : null,
    },
    playerId: player,
    currency: recall.outcome.currency,
    bets: recall.settlements.map(({ bet, entry }) => ({
      betId: bet.id,
      type: bet.type,
      amount: bet.amount,
      outcome: entry.resolution.outcome,
      returned: entry.returned,
    })),
    credited: { bets: credit?.bets ?? 0, jackpot: credit?.jackpot ?? 0 },
  };
}

const isPlayerId = (player: string): boolean => {
  const [first, second, ...rest] = player.split('/');
  return rest.length === 0 && SUBJECT.test(second ?? first!) && (second === undefined || /^[a-z0-9][a-z0-9-]{0,31}$/.test(first!));
};

function outcomeOf(outcome: OutcomeRecord): RoundDetails['round']['outcome'] {
  switch (outcome.kind) {
    case 'ROLL':
      return { kind: 'ROLL', dice: outcome.dice ? [...outcome.dice] : null };
    case 'DEAL':
      return {
        kind: 'DEAL',
        cards: outcome.cards,
        winner: outcome.winner,
        playerTotal: outcome.playerTotal,
        bankerTotal: outcome.bankerTotal,
      };
    case 'VOID':
      return { kind: 'VOID', reason: outcome.reason };
  }
}
