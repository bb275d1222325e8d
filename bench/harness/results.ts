import { cpus, loadavg } from 'node:os';

/**
 * A figure's results: rows of one measured value each, with the floor it is compared to (same
 * run, same unit), the ratio, and whether the target is met. Nothing here is asserted: a missed
 * target is reported, and BENCHMARKS.md says why.
 */
export interface FigureRow {
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  readonly floor?: number;
  /** value / floor. */
  readonly ratio?: number;
  /** The target, in words: `ratio <= 1.3`, `>= 10,000,000 /s`. */
  readonly target?: string;
  readonly met?: boolean;
  readonly detail?: string;
}

export interface FigureResult {
  readonly id: number;
  readonly title: string;
  /** What the floor is, in words. */
  readonly floor: string;
  readonly rows: readonly FigureRow[];
  readonly notes: readonly string[];
  /** The machine's 1, 5 and 15 minute load averages when the figure finished. */
  readonly loadAverage: readonly number[];
  readonly seconds: number;
}

export interface BenchResults {
  readonly startedAt: string;
  readonly seconds: number;
  readonly machine: {
    readonly cpus: number;
    readonly cpuModel: string;
    readonly node: string;
    readonly loadAverageAtStart: readonly number[];
  };
  readonly conflictModel: 'on';
  readonly figures: readonly FigureResult[];
}

export const loadAverage = (): number[] => loadavg().map((n) => Math.round(n * 100) / 100);

export const machine = () => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverageAtStart: loadAverage(),
});

/** A value against its floor, with a target on the ratio (at most `maxRatio`). */
export function againstFloor(label: string, value: number, floor: number, unit: string, maxRatio?: number, detail?: string): FigureRow {
  const ratio = value / floor;
  return {
    label,
    value,
    unit,
    floor,
    ratio,
    ...(maxRatio !== undefined ? { target: `ratio <= ${maxRatio}`, met: ratio <= maxRatio } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** A value against a floor it should reach at least `minRatio` of (throughput). */
export function atLeastOfFloor(label: string, value: number, floor: number, unit: string, minRatio: number, detail?: string): FigureRow {
  const ratio = value / floor;
  return { label, value, unit, floor, ratio, target: `ratio >= ${minRatio}`, met: ratio >= minRatio, ...(detail ? { detail } : {}) };
}

/** A value with an absolute target (no floor). */
export function againstTarget(
  label: string,
  value: number,
  unit: string,
  target: { max?: number; min?: number },
  detail?: string,
): FigureRow {
  const words = target.max !== undefined ? `<= ${format(target.max)} ${unit}` : `>= ${format(target.min!)} ${unit}`;
  const met = (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min);
  return { label, value, unit, target: words, met, ...(detail ? { detail } : {}) };
}

/** A value reported for information (no target). */
export const measured = (label: string, value: number, unit: string, detail?: string): FigureRow => ({
  label,
  value,
  unit,
  ...(detail ? { detail } : {}),
});

export function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const cell = (row: FigureRow) => ({
  value: `${format(row.value)} ${row.unit}`,
  floor: row.floor !== undefined ? `${format(row.floor)} ${row.unit}` : '-',
  ratio: row.ratio !== undefined ? format(row.ratio) : '-',
  target: row.target ?? '-',
  verdict: row.met === undefined ? '' : row.met ? 'met' : 'MISSED',
});

/** The figure as the console shows it while the bench runs. */
export function figureText(figure: FigureResult): string {
  const lines = [`\n== ${figure.id}. ${figure.title} ==`, `floor: ${figure.floor}`];
  for (const row of figure.rows) {
    const c = cell(row);
    const against = row.floor !== undefined ? `  floor ${c.floor}  ratio ${c.ratio}` : '';
    const target = row.target ? `  target ${c.target}: ${c.verdict}` : '';
    lines.push(`  ${row.label}: ${c.value}${against}${target}${row.detail ? `  (${row.detail})` : ''}`);
  }
  for (const note of figure.notes) lines.push(`  note: ${note}`);
  lines.push(`  load average ${figure.loadAverage.join(' / ')}; ${format(figure.seconds)} s`);
  return lines.join('\n');
}

/** The short markdown summary written beside results.json. */
export function summaryMarkdown(results: BenchResults): string {
  const { machine: m } = results;
  const lines = [
    '# Benchmark results',
    '',
    `Run ${results.startedAt}, ${format(results.seconds)} s; ${m.cpus} x ${m.cpuModel}, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(' / ')}; DynamoDB Local with the conflict model on. What each figure means: BENCHMARKS.md.`,
  ];
  for (const figure of results.figures) {
    lines.push(
      '',
      `## ${figure.id}. ${figure.title}`,
      '',
      `Floor: ${figure.floor}. Load average after: ${figure.loadAverage.join(' / ')}.`,
      '',
    );
    lines.push('| figure | value | floor | ratio | target | |', '|---|---|---|---|---|---|');
    for (const row of figure.rows) {
      const c = cell(row);
      lines.push(
        `| ${row.label}${row.detail ? ` (${row.detail})` : ''} | ${c.value} | ${c.floor} | ${c.ratio} | ${c.target} | ${c.verdict} |`,
      );
    }
    if (figure.notes.length > 0) lines.push('', ...figure.notes.map((note) => `- ${note}`));
  }
  return `${lines.join('\n')}\n`;
}
