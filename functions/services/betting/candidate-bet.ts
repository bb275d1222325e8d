import { betId } from '../../store/kernel/keys';
import type { BetRecord, BetType } from '../../store/betting/bet-records';
import type { TableRecord } from '../../store/tables/table-records';
import type { Caller } from '../kernel/services';
import { currentRound } from '../tables/table-access';

/** What a player asks to bet (placeBet's input, as the use case takes it). */
export interface BetRequest {
  readonly tableId: string;
  readonly type: BetType;
  readonly amount: number;
  readonly baseBetId?: string | null;
  readonly seat?: number | null;
}

/**
 * The bet a request asks for, before the game's rules judge it: open, for the round the table is
 * on, at the key it will have (its shard's), placed now. Pure: the rules then validate it
 * (bet-validation.ts), and it reserves its largest return (withReserve).
 */
export function candidateBet(table: TableRecord, caller: Caller, request: BetRequest, betKey: string, now: string): BetRecord {
  return {
    id: betId(table.id, betKey),
    tableId: table.id,
    playerId: caller.playerId,
    type: request.type,
    amount: request.amount,
    number: null,
    baseBetId: request.baseBetId ?? null,
    seat: request.seat ?? null,
    status: 'OPEN',
    winnings: 0,
    returned: 0,
    round: currentRound(table),
    placedAt: now,
  };
}
