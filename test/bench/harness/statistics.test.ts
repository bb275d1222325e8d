import { describe, expect, it } from 'vitest';
import { interleaved, median, percentile } from '../../../bench/harness/statistics';

describe('percentiles', () => {
  it('are nearest-rank: always a value a sample took', () => {
    const samples = [5, 1, 4, 2, 3];
    expect(median(samples)).toBe(3);
    expect(percentile(samples, 20)).toBe(1);
    expect(percentile(samples, 21)).toBe(2);
    expect(percentile(samples, 100)).toBe(5);
    expect(median([1, 2, 3, 4])).toBe(2);
  });

  it('the 99th of 150 samples is the second highest', () => {
    const samples = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(percentile(samples, 99)).toBe(149);
  });

  it('refuse no samples and percentiles out of range', () => {
    expect(() => median([])).toThrow(/no samples/);
    expect(() => percentile([1], 0)).toThrow(/not in/);
    expect(() => percentile([1], 101)).toThrow(/not in/);
  });
});

describe('interleaving', () => {
  it('runs every task once per round, each round starting one task later', async () => {
    const order: string[] = [];
    await interleaved(
      3,
      ['a', 'b', 'c'].map((name) => async () => void order.push(name)),
    );
    expect(order.join('')).toBe('abcbcacab');
  });
});
