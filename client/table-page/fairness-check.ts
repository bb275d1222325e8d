/// <reference lib="dom" />
/**
 * The check a player makes in the page of a seed a table revealed (docs/FAIRNESS.md), with the
 * browser's own WebCrypto and nothing of the server's: the seed and salt hash to the commitment
 * published before the bets, and, for a roll, the seed draws the dice that were rolled. The same
 * steps as the server's (functions/fairness/), written again here as any verifier would.
 */

export interface Reveal {
  readonly commitment: string;
  readonly seed: string;
  readonly salt: string;
}

export type Check = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly text: string };

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array((text.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
const ascii = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));

/** SHA-256 of `<salt>:<seed>`, lowercase hex. */
export async function commitmentOf(seed: string, salt: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', ascii(`${salt}:${seed}`)));
}

/** The two dice a seed draws: HMAC-SHA256(seed, "dice:k") blocks read as big-endian 32-bit numbers, rejection-sampled below 6. */
export async function diceOf(seed: string): Promise<[number, number]> {
  const key = await crypto.subtle.importKey('raw', fromHex(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const limit = 2 ** 32 - (2 ** 32 % 6);
  const dice: number[] = [];
  for (let block = 0; dice.length < 2; block++) {
    const view = new DataView(await crypto.subtle.sign('HMAC', key, ascii(`dice:${block}`)));
    for (let offset = 0; offset < 32 && dice.length < 2; offset += 4) {
      const value = view.getUint32(offset, false);
      if (value < limit) dice.push(1 + (value % 6));
    }
  }
  return [dice[0]!, dice[1]!];
}

/** The reveal against its commitment, and, given the dice rolled, the dice against the seed. */
export async function checkReveal(reveal: Reveal, rolled?: readonly number[] | null): Promise<Check> {
  if (!/^[0-9a-f]{64}$/.test(reveal.seed) || !/^[0-9a-f]{32}$/.test(reveal.salt)) {
    return { ok: false, text: 'The revealed seed or salt is not of the published form.' };
  }
  const computed = await commitmentOf(reveal.seed, reveal.salt);
  if (computed !== reveal.commitment) return { ok: false, text: `The seed and salt hash to ${computed}, not to the commitment published.` };
  const matches = 'The seed matches the commitment published before the bets';
  if (!rolled) return { ok: true, text: `${matches}. Every card of its shoe can be checked: npm run verify (docs/FAIRNESS.md).` };
  const drawn = await diceOf(reveal.seed);
  return drawn.join(' ') === rolled.join(' ')
    ? { ok: true, text: `${matches}, and it draws ${drawn.join(' + ')}: the dice rolled.` }
    : { ok: false, text: `The seed draws ${drawn.join(' + ')}, but the table rolled ${rolled.join(' + ')}.` };
}
