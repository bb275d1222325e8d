/**
 * An exact quantity of something AWS bills (request units, GB-seconds, bytes), kept as a fraction
 * of two integers: a month's billed units are sums of products of measured figures and
 * assumptions, and in floating point their last digits would differ with the order of the sums.
 * Money is rounded once, to micro-dollars, where a quantity is priced (model.ts).
 */
export class Quantity {
  static readonly ZERO = new Quantity(0n, 1n);

  private constructor(
    readonly numerator: bigint,
    readonly denominator: bigint,
  ) {}

  /** `value / per`, from integers only: a figure with decimals is given in smaller units (hundredths, microseconds). */
  static of(value: number | bigint, per: number | bigint = 1n): Quantity {
    return Quantity.fraction(integer(value), integer(per));
  }

  private static fraction(numerator: bigint, denominator: bigint): Quantity {
    if (denominator === 0n) throw new Error('A quantity cannot be divided by zero');
    const sign = denominator < 0n ? -1n : 1n;
    const divisor = gcd(numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator) || 1n;
    return new Quantity((sign * numerator) / divisor, (sign * denominator) / divisor);
  }

  plus(other: Quantity | number): Quantity {
    const that = quantityOf(other);
    return Quantity.fraction(this.numerator * that.denominator + that.numerator * this.denominator, this.denominator * that.denominator);
  }

  minus(other: Quantity | number): Quantity {
    return this.plus(quantityOf(other).times(-1));
  }

  times(other: Quantity | number): Quantity {
    const that = quantityOf(other);
    return Quantity.fraction(this.numerator * that.numerator, this.denominator * that.denominator);
  }

  over(other: Quantity | number): Quantity {
    const that = quantityOf(other);
    return Quantity.fraction(this.numerator * that.denominator, this.denominator * that.numerator);
  }

  compare(other: Quantity | number): number {
    const that = quantityOf(other);
    const difference = this.numerator * that.denominator - that.numerator * this.denominator;
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }

  min(other: Quantity | number): Quantity {
    return this.compare(other) <= 0 ? this : quantityOf(other);
  }

  max(other: Quantity | number): Quantity {
    return this.compare(other) >= 0 ? this : quantityOf(other);
  }

  /** The smallest whole number not below it: what a count of things (parts, tiers) takes. */
  ceil(): Quantity {
    const whole = this.numerator / this.denominator;
    return Quantity.of(whole * this.denominator === this.numerator || this.numerator < 0n ? whole : whole + 1n);
  }

  isZero(): boolean {
    return this.numerator === 0n;
  }

  /** Rounded half up to a whole number (quantities priced are never negative). */
  rounded(): bigint {
    return (2n * this.numerator + this.denominator) / (2n * this.denominator);
  }

  /** Rounded half up to `decimals` places, digits grouped by thousands: 1,234,567.89. */
  format(decimals = 0): string {
    const scaled = this.times(Quantity.of(10n ** BigInt(decimals))).rounded();
    const digits = scaled.toString().padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
  }
}

const quantityOf = (value: Quantity | number): Quantity => (value instanceof Quantity ? value : Quantity.of(value));

function integer(value: number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new Error(`A quantity is made of whole numbers, got ${value}`);
  return BigInt(value);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
