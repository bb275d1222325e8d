/**
 * Raw outcomes of the tables' random number generator, for a test lab (docs/FAIRNESS.md):
 *   npm run --silent rng-sample -- --dice 1000000            rolls, one per line ("3 5")
 *   npm run --silent rng-sample -- --shoes 1000 --decks 8    shoes, one per line, every card in order
 *   npm run --silent rng-sample -- --raw 1000000             the generator's 32-bit output before scaling
 * Written to standard output, from the same code the tables deal with. Exit code 2: bad arguments.
 */
import { parseArgs } from 'node:util';
import { diceSample, rawSample, shoeSample } from '../functions/fairness/rng-samples';
import { DEFAULT_DECKS } from '../functions/rules/baccarat/shoe';
import { couldNotRunOnThrow, runAsCommandLine, type Command } from './command-line';

const USAGE = 'usage: npm run --silent rng-sample -- (--dice <rolls> | --shoes <shoes> [--decks <6 to 12>] | --raw <numbers>)';

function count(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(USAGE);
  return n;
}

export const rngSampleCommand: Command = couldNotRunOnThrow('', async ({ args, out }) => {
  const { values } = parseArgs({
    args: [...args],
    options: { dice: { type: 'string' }, shoes: { type: 'string' }, decks: { type: 'string' }, raw: { type: 'string' } },
  });
  const [dice, shoes, raw] = [count(values.dice), count(values.shoes), count(values.raw)];
  if ([dice, shoes, raw].filter((n) => n !== undefined).length !== 1) throw new Error(USAGE);
  const decks = count(values.decks) ?? DEFAULT_DECKS;
  const lines = dice ? diceSample(dice) : shoes ? shoeSample(shoes, decks) : rawSample(raw!);
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= 1 << 16) {
      await out(chunk);
      chunk = '';
    }
  }
  await out(chunk);
  return 0;
});

await runAsCommandLine(import.meta.url, rngSampleCommand);
