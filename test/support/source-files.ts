import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The repository's root, which the paths below are relative to. */
const REPOSITORY = join(__dirname, '../..');

/** The TypeScript files under `dir` (repository-relative, `/`-separated), the code generated from the schema left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPOSITORY, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.split(sep).includes('generated'))
    .map((file) => `${dir}/${file.split(sep).join('/')}`);
}

/** A file's text, by its repository-relative path. */
export const readSource = (path: string): string => readFileSync(join(REPOSITORY, path), 'utf8');
