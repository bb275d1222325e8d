/**
 * Exact rational numbers over bigint, always in lowest terms with a positive denominator.
 * The rules layer's reports (probabilities, house edges) are computed with these and never
 * with floating sums, so that published figures are reproduced to the last digit.
 */
export class Fraction {
  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('denominator is zero');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    return new Fraction(n / g, d / g);
  }

  add(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return Fraction.of(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    if (o.num === 0n) throw new RangeError('division by zero');
    return Fraction.of(this.num * o.den, this.den * o.num);
  }
  neg(): Fraction {
    return new Fraction(-this.num, this.den);
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }
  compare(o: Fraction): -1 | 0 | 1 {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  isZero(): boolean {
    return this.num === 0n;
  }

  static sum(parts: Iterable<Fraction>): Fraction {
    let total = Fraction.ZERO;
    for (const p of parts) total = total.add(p);
    return total;
  }

  /** "n/d" in lowest terms, or just "n" when the denominator is 1 (so zero prints "0"). */
  toString(): string {
    return this.den === 1n ? this.num.toString() : `${this.num}/${this.den}`;
  }

  /** For display only (percentages in human-readable reports); never for money or comparisons. */
  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }

  /** Decimal expansion truncated to `digits` places, computed exactly (for readable reports). */
  toDecimal(digits: number): string {
    const negative = this.num < 0n;
    const n = negative ? -this.num : this.num;
    const scale = 10n ** BigInt(digits);
    const scaled = (n * scale * 2n + this.den) / (this.den * 2n); // round half up
    const whole = scaled / scale;
    const frac = (scaled % scale).toString().padStart(digits, '0');
    return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
