/** Reading settings from CDK context: cdk.json's JSON values, or the strings `-c key=value` gives. */

/** Context from cdk.json arrives as a JSON array; from `-c key=a,b` on the command line, as one string. */
export function listFrom(key: string, value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) {
    throw new Error(`Context ${key} must be a list of strings or a comma-separated string, got ${JSON.stringify(value)}`);
  }
  return items.map((item: string) => item.trim()).filter((item) => item !== '');
}

/** An object from cdk.json, or from `-c key='{"a":1}'` on the command line (a JSON string). */
export function objectFrom(key: string, value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`Context ${key} must be an object`);
  return parsed as Record<string, unknown>;
}

/** A whole number from cdk.json, or from the command line, where `-c key=5` arrives as "5". */
export function wholeNumber(key: string, value: unknown, min: number): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min) {
    throw new Error(`Context ${key} must be a whole number of at least ${min}, got ${JSON.stringify(value)}`);
  }
  return number;
}

export function booleanFrom(key: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context ${key} must be true or false, got ${JSON.stringify(value)}`);
}

export function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}

export function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}
