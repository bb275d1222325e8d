/**
 * Exact counting at the speed of doubles. The enumerations add millions of integer weights, each
 * far below 2^52; a double adds such integers exactly as long as the running sum stays below 2^53.
 * Each category keeps a double that is moved into a bigint total before it can reach that bound,
 * so every count is exact while almost every addition is a plain floating add.
 */
const FLUSH_AT = 2 ** 52;

export class ExactTally {
  private readonly pending: Float64Array;
  private readonly flushed: bigint[];

  constructor(readonly size: number) {
    this.pending = new Float64Array(size);
    this.flushed = new Array<bigint>(size).fill(0n);
  }

  /** Adds `weight` (a non-negative integer below 2^52) to category `index`. */
  add(index: number, weight: number): void {
    const sum = (this.pending[index] as number) + weight;
    if (sum >= FLUSH_AT) {
      this.flushed[index] = (this.flushed[index] as bigint) + BigInt(sum);
      this.pending[index] = 0;
    } else {
      this.pending[index] = sum;
    }
  }

  total(index: number): bigint {
    return (this.flushed[index] as bigint) + BigInt(this.pending[index] as number);
  }
}

/** n (n-1) ... (n-k+1): ordered ways of taking k cards from n. */
export function fallingFactorial(n: number, k: number): bigint {
  let product = 1n;
  for (let i = 0; i < k; i += 1) product *= BigInt(n - i);
  return product;
}
