import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDevAuthorizer } from '../../local/dev-authorizer';

/** One RSA signing key for the whole run (making one takes a while): every test file's local authorizer signs with it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'casino-test-key-'));
  const keyFile = join(dir, 'signing-key.json');
  await createDevAuthorizer(keyFile);
  project.provide('signingKeyFile', keyFile);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    signingKeyFile: string;
  }
}
