/**
 * The cost model's measured figures (infra/cost/measured.ts) are the bench's last: a bench run
 * that moves one fails here until it is copied (and docs/DEPLOY.md's "Cost" examples redone).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEASURED } from '../../../infra/cost/measured';

interface Row {
  readonly label: string;
  readonly value: number;
  readonly detail?: string;
}
interface Figure {
  readonly id: number;
  readonly rows: readonly Row[];
  readonly notes: readonly string[];
}

const results = JSON.parse(readFileSync(new URL('../../../bench/results.json', import.meta.url), 'utf8')) as {
  readonly startedAt: string;
  readonly figures: readonly Figure[];
};
const benchmarks = readFileSync(new URL('../../../BENCHMARKS.md', import.meta.url), 'utf8');

/** A figure of the committed run, if the run measured it (`--only` runs leave some out). */
const figure = (id: number) => results.figures.find((candidate) => candidate.id === id);
const row = (of: Figure, label: string) => {
  const found = of.rows.find((candidate) => candidate.label === label);
  expect(found, label).toBeDefined();
  return found!;
};
/** A measured value as the model keeps it: in whole smaller units (hundredths, microseconds). */
const inUnits = (value: number, per: number) => Math.round(value * per);

describe("the cost model's measured figures", () => {
  it('are the committed run', () => {
    expect(results.startedAt.slice(0, 10)).toBe(MEASURED.run);
  });

  it("are figure 4's capacity units of a bet's lifecycle and of its round, and its items' sizes", () => {
    const units = figure(4)!;
    expect(inUnits(row(units, 'write units per bet lifecycle (table)').value, 100)).toBe(MEASURED.lifecycle.tableWriteUnitsHundredths);
    expect(inUnits(row(units, 'write units per bet lifecycle (indexes)').value, 100)).toBe(MEASURED.lifecycle.indexWriteUnitsHundredths);
    expect(inUnits(row(units, 'read units per bet lifecycle').value, 100)).toBe(MEASURED.lifecycle.readUnitsHundredths);
    const notes = units.notes.join('\n');
    expect(notes).toMatch(new RegExp(`The round: ${MEASURED.lifecycle.betsPerRound} bets`));
    expect(notes).toMatch(new RegExp(`closing its ${MEASURED.round.gateShards} gate shards[^:]*: ${MEASURED.round.writeUnits} WCU`));
    expect(notes).toMatch(new RegExp(`one query per shard, and the table, outcome, plan and job: ${MEASURED.round.readUnits} RCU`));
    expect(notes).toContain(`a ${MEASURED.itemBytes.bet}-byte item`);
    expect(notes).toContain(`a ${MEASURED.itemBytes.journal}-byte item`);
    expect(notes).toContain(`its ${MEASURED.itemBytes.planShare}-byte share of the plan`);
  });

  it("are figure 1's placeBet p50 and figure 2's outcome of 1,000 bets", () => {
    const latency = figure(1)!;
    expect(inUnits(row(latency, 'placeBet p50, 0 open bets').value, 1_000)).toBe(MEASURED.placeBet.p50Microseconds);
    expect(row(latency, 'DynamoDB requests per placeBet, 0 open bets').value).toBe(MEASURED.placeBet.dynamoDbRequests);
    const settling = figure(2)!;
    const bets = `${MEASURED.outcome.bets} bets from ${MEASURED.outcome.bets} players`;
    expect(inUnits(row(settling, `the outcome's answer, ${bets}`).value, 1_000)).toBe(MEASURED.outcome.answerMicroseconds);
    expect(inUnits(row(settling, `last credit, ${bets}`).value, 1_000)).toBe(MEASURED.outcome.lastCreditMicroseconds);
  });

  it("are figure 9's page files, as BENCHMARKS.md gives them", () => {
    const tenths = (value: number) => (value / 10).toFixed(1);
    expect(benchmarks).toMatch(
      new RegExp(
        `\\| 9\\. page\\.js / page\\.css, compressed \\(brotli; gzip -9\\) +\\| ${tenths(MEASURED.pageFiles.scriptTenthsOfKib)} KiB / ${tenths(MEASURED.pageFiles.stylesTenthsOfKib)} KiB`,
      ),
    );
  });
});
