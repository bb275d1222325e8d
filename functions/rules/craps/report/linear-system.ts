import { Fraction } from '../../fraction';

/**
 * Solves A·X = B exactly (Gauss-Jordan over bigint rationals) for a square, non-singular A
 * and any number of right-hand columns. Small systems only (a few dozen unknowns).
 */
export function solveExactly(a: readonly (readonly Fraction[])[], b: readonly (readonly Fraction[])[]): Fraction[][] {
  const n = a.length;
  const rows = a.map((row, i) => [...row, ...b[i]!]);
  const width = rows[0]?.length ?? 0;
  for (let col = 0; col < n; col++) {
    const pivotRow = rows.findIndex((row, r) => r >= col && !row[col]!.isZero());
    if (pivotRow < 0) throw new RangeError('singular system: some state can never be left');
    [rows[col], rows[pivotRow]] = [rows[pivotRow]!, rows[col]!];
    const pivot = rows[col]!;
    const inverse = Fraction.ONE.div(pivot[col]!);
    for (let c = col; c < width; c++) pivot[c] = pivot[c]!.mul(inverse);
    for (let r = 0; r < n; r++) {
      const row = rows[r]!;
      const factor = row[col]!;
      if (r === col || factor.isZero()) continue;
      for (let c = col; c < width; c++) row[c] = row[c]!.sub(factor.mul(pivot[c]!));
    }
  }
  return rows.map((row) => row.slice(n));
}
