import { describe, expect, it } from 'vitest';
import { againstFloor, againstTarget, atLeastOfFloor, summaryMarkdown } from '../../../bench/harness/results';

describe('figure rows', () => {
  it('compare a value to its floor as a ratio, met when at most the target', () => {
    expect(againstFloor('p50', 13, 10, 'ms', 1.3)).toMatchObject({ ratio: 1.3, target: 'ratio <= 1.3', met: true });
    expect(againstFloor('p50', 14, 10, 'ms', 1.3).met).toBe(false);
    expect(againstFloor('info', 14, 10, 'ms')).not.toHaveProperty('met');
  });

  it('compare a throughput to its floor, met when at least the target', () => {
    expect(atLeastOfFloor('bets/s', 80, 100, 'bets/s', 0.8).met).toBe(true);
    expect(atLeastOfFloor('bets/s', 79, 100, 'bets/s', 0.8).met).toBe(false);
  });

  it('compare a value to an absolute target', () => {
    expect(againstTarget('rate', 10_000_000, '/s', { min: 10_000_000 })).toMatchObject({ met: true, target: '>= 10,000,000 /s' });
    expect(againstTarget('report', 0.06, 's', { max: 0.05 }).met).toBe(false);
  });

  it('summarise as markdown, a table per figure, misses marked', () => {
    const markdown = summaryMarkdown({
      startedAt: '2026-12-01T00:00:00.000Z',
      seconds: 1,
      machine: { cpus: 2, cpuModel: 'cpu', node: 'v20', loadAverageAtStart: [1, 1, 1] },
      conflictModel: 'on',
      figures: [
        {
          id: 1,
          title: 'placeBet',
          floor: 'empty request',
          rows: [againstFloor('p50', 20, 10, 'ms', 1.3)],
          notes: ['a note'],
          loadAverage: [1, 1, 1],
          seconds: 1,
        },
      ],
    });
    expect(markdown).toContain('## 1. placeBet');
    expect(markdown).toContain('| p50 | 20 ms | 10 ms | 2 | ratio <= 1.3 | MISSED |');
    expect(markdown).toContain('- a note');
  });
});
