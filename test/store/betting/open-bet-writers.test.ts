/**
 * A round is settled, and a shooter looked for, in the shards whose gate counted open bets
 * (store/betting/gates.ts, shard-set.ts): an open bet written without its gate's count would never
 * be paid. So an open bet is written in two places only, each counting it at its gate:
 * - placement (store/betting/placement.ts), its gate's `admitBet` in the transaction that writes
 *   it (test/api/tables/bet-shards.test.ts pays bets in exactly the shards they were counted in);
 * - the bulk setup of the tests and the bench (local/bulk-setup.ts), each shard's count raised by
 *   the bets it laid there (test/api/rounds/settlement-workers.test.ts pays every bet it laid).
 * A new writer fails here until it counts its bets the same way and is added.
 */
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from '../../support/source-files';

/** What writes an open bet: its item (`openBetItem`), or its entry in the `layout` index (`layoutSk`, keys.ts). */
const WRITES_OPEN_BET = /\b(openBetItem|layoutSk)\(/;
/** Where code that writes to the store lives: the Lambdas', the local server's, the scripts' and the bench's. */
const CODE = ['functions', 'local', 'scripts', 'bench'];
/** Where `layoutSk` is defined, with every other key of the single table. */
const KEYS = 'functions/store/kernel/keys.ts';

describe('open bets', () => {
  it('are written by placement and the bulk setup only, each counting them at their gate', () => {
    const writers = CODE.flatMap(sourceFiles).filter((file) => file !== KEYS && WRITES_OPEN_BET.test(readSource(file)));
    expect(writers.sort()).toEqual(['functions/store/betting/placement.ts', 'local/bulk-setup.ts']);
  });
});
