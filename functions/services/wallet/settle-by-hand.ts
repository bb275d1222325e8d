import { getWalletCall, saveWalletCall, type WalletCallRecord } from '../../store/wallet/wallet-calls';
import { ServiceError } from '../kernel/service-error';
import { assertClientKey } from '../kernel/request-checks';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { isHouseOperator } from '../tables/tenancy';
import { numberParam } from '../../rules/error-params';

/** A settlement note's most characters. */
const MAX_NOTE = 500;

/**
 * The house's operators record that a call set aside after 24 hours (DEAD_LETTERED) was settled
 * with its partner by hand (the player credited, or the stake given back, outside the tables):
 * it leaves the operators' list, and the partner's report counts it as done. Who, when and their
 * note are kept on the call. Nothing moves in our ledger: it journalled the money when the call
 * was written. Sent again for a call already settled, it answers the call as it stands.
 */
export async function settleWalletCallByHand(
  deps: ServiceDependencies,
  caller: Caller,
  request: { readonly transactionId: string; readonly note: string },
): Promise<WalletCallRecord> {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators settle wallet calls by hand.");
  assertClientKey('transactionId', request.transactionId);
  const note = request.note.trim();
  if (note.length === 0 || note.length > MAX_NOTE)
    throw new ServiceError('BAD_USER_INPUT', 'note: say how it was settled, in 1 to {max} characters.', 'note', [
      numberParam('max', MAX_NOTE),
    ]);
  const call = await getWalletCall(deps.db, request.transactionId);
  if (!call) throw new ServiceError('NOT_FOUND', 'No wallet call with that transaction id.', 'transactionId');
  if (call.state === 'SETTLED_BY_HAND') return call;
  if (call.state !== 'DEAD_LETTERED')
    throw new ServiceError(
      'WALLET_CALL_NOT_SET_ASIDE',
      'Only a call set aside after 24 hours of retries is settled by hand; this one is still handled.',
    );
  const { by, at } = stampOf(caller, deps);
  const settled: WalletCallRecord = {
    ...call,
    state: 'SETTLED_BY_HAND',
    updatedAt: at,
    settledBy: by,
    settledAt: at,
    settlementNote: note,
  };
  if (!(await saveWalletCall(deps.db, settled, ['DEAD_LETTERED']))) return (await getWalletCall(deps.db, request.transactionId))!;
  return settled;
}
