/** A setting the CDK stack gives a live function: missing, the function fails at once, saying which. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
