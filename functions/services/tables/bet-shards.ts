import { DEFAULT_BET_SHARDS, MAX_BET_SHARDS, MIN_BET_SHARDS } from '../../store/kernel/keys';
import { ServiceError } from '../kernel/service-error';
import { numberParam } from '../../rules/error-params';

/**
 * How many betting-gate shards a new table spreads its bets over (keys.ts): the stage's default
 * (`storePartitions.tableBets`, 64 unless set) unless asked. Fewer shards make closing betting and
 * reading the layout cheaper (a write and a query per shard) and the table smaller (320 open bets
 * per shard); a busy table wants them all.
 * Never fewer than MIN_BET_SHARDS, so that no item is written by every bet of the table.
 */
export function betShardsOfRequest(asked: number | null | undefined): number {
  if (asked == null) return DEFAULT_BET_SHARDS;
  if (!Number.isInteger(asked) || asked < MIN_BET_SHARDS || asked > MAX_BET_SHARDS) {
    throw new ServiceError('BAD_USER_INPUT', 'betShards must be a whole number from {min} to {max}.', 'betShards', [
      numberParam('min', MIN_BET_SHARDS),
      numberParam('max', MAX_BET_SHARDS),
    ]);
  }
  return asked;
}
