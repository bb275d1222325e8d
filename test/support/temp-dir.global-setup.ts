import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The run's own temporary directory, removed when the run ends: TMPDIR for every process of the
 * run (set before Vitest starts its workers, which the tests' scripts, servers and browsers inherit).
 * - Without it, what the tests make there stayed: CDK's cloud assemblies (an App without an outdir
 *   writes one, about 100 MB a run), wallet secrets files, the bench's.
 * - First of the global setups, so that theirs are made in it too.
 */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'casino-tables-test-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
