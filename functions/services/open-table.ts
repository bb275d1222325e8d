import { initialCrapsState, makeCrapsOptions } from '../rules/craps';
import { createTableSession } from '../store/tables';
import type { Game, TableRecord } from '../store/records';
import { ServiceError } from './service-error';
import type { Caller, ServiceDependencies } from './services';

export interface OpenTableRequest {
  readonly game: Game;
  readonly currency: string;
  readonly minimumBet: number;
  readonly maximumBet: number;
  readonly field12Pays?: number | null;
}

export async function openTable(deps: ServiceDependencies, _caller: Caller, request: OpenTableRequest): Promise<TableRecord> {
  if (request.game !== 'CRAPS') {
    throw new ServiceError('WRONG_GAME', `${request.game} tables cannot be opened yet: only CRAPS is available.`);
  }
  if (!/^[A-Z]{3}$/.test(request.currency)) {
    throw new ServiceError('BAD_USER_INPUT', `currency must be an ISO-4217 code of three capital letters, got "${request.currency}".`);
  }
  const options = makeCrapsOptions({
    minimum: request.minimumBet,
    maximum: request.maximumBet,
    ...(request.field12Pays != null ? { field12Pays: request.field12Pays as 2 | 3 } : {}),
  });
  const table: TableRecord = {
    id: deps.newId(),
    game: request.game,
    status: 'OPEN',
    currency: request.currency,
    minimumBet: request.minimumBet,
    maximumBet: request.maximumBet,
    options,
    state: initialCrapsState(),
    version: 0,
    createdAt: deps.now(),
  };
  await createTableSession(deps.db, table);
  return table;
}
