/**
 * One real API for a test file (test-api.ts), started before its tests and closed after them:
 * `const api = useTestApi();` at the top of the file, instead of the same beforeAll and afterAll in
 * every file.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestApi, type TestApi, type TestApiOptions } from './test-api';

export function useTestApi(options: TestApiOptions = {}): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestApi, {
    get(_, key) {
      if (!started) throw new Error('the test API starts before the tests run: use it inside a test or a hook');
      const value = started[key as keyof TestApi];
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
