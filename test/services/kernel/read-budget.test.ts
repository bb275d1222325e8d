/**
 * A request's budget counts its calls to a partner's wallet as they are made: past
 * MAX_WALLET_CALLS_PER_REQUEST the next is refused before it is sent (REQUEST_TOO_EXPENSIVE), and
 * the request is marked as past its budget, whatever its document's estimate said.
 */
import { describe, expect, it } from 'vitest';
import { MAX_WALLET_CALLS_PER_REQUEST, ReadBudget } from '../../../functions/services/kernel/read-budget';
import { ServiceError } from '../../../functions/services/kernel/service-error';

describe("a request's budget", () => {
  it(`takes ${MAX_WALLET_CALLS_PER_REQUEST} calls to the wallet, and refuses the next`, () => {
    const budget = new ReadBudget();
    for (let call = 0; call < MAX_WALLET_CALLS_PER_REQUEST; call++) budget.spendWalletCall();
    expect(budget.refused).toBe(false);
    expect(() => budget.spendWalletCall()).toThrow(expect.objectContaining({ code: 'REQUEST_TOO_EXPENSIVE' }) as ServiceError);
    expect(budget.refused).toBe(true);
    // Wallet calls are their own count: the reads are untouched.
    expect(budget.spent).toBe(0);
  });
});
