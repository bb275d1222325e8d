/**
 * The hosted client's pages as the API's function serves them (functions/launch/hosted-pages.ts):
 * one shell for the table, the lobby and a round's details, naming its script and styles under
 * /client/ (S3 behind CloudFront), its WebSocket's path, and a policy that lets it reach its own
 * origin only. Pure: no partner is named, so no partner's sites are read.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_FILES, CLIENT_PATH, hostedPage } from '../../functions/launch/hosted-pages';
import { PAGE_PATHS, SESSION_PATHS } from '../../functions/launch/session-paths';
import { pageLanguage } from '../../functions/launch/page-words';
import type { ServiceDependencies } from '../../functions/services/kernel/services';

const deps = {} as ServiceDependencies;
const behindCloudFront = { partner: undefined, origin: 'https://d111111abcdef8.cloudfront.net', socketPath: '/live' };

describe('a hosted page', () => {
  it('is one shell for a table, the lobby and a round, loading the client from /client/ and its socket from the path it is told', async () => {
    for (const path of ['/tables/T1', '/lobby', '/rounds/T1.12']) {
      const page = await hostedPage(deps, { ...behindCloudFront, path });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`<script type="module" src="${CLIENT_PATH}${CLIENT_FILES.script}"></script>`);
      expect(page.body).toContain(`<link rel="stylesheet" href="${CLIENT_PATH}${CLIENT_FILES.styles}">`);
      expect(page.body).toContain('<meta name="live-socket" content="/live">');
      expect(page.body).not.toContain('T1');
    }
  });

  it("lets the page reach its own origin only, its secure WebSocket included, and no site frame it unless its partner's", async () => {
    const policy = (await hostedPage(deps, { ...behindCloudFront, path: '/lobby' })).headers['content-security-policy']!;
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self' wss://d111111abcdef8.cloudfront.net",
      "img-src 'self' data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    const local = await hostedPage(deps, { partner: undefined, origin: 'http://127.0.0.1:4000', socketPath: '/graphql', path: '/lobby' });
    expect(local.headers['content-security-policy']).toContain("connect-src 'self' ws://127.0.0.1:4000;");
    // A malformed partner names no sites, without a read.
    const odd = await hostedPage(deps, { ...behindCloudFront, partner: '<b>', path: '/lobby' });
    expect(odd.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers 404 for an address that names no page, without echoing it', async () => {
    for (const path of ['/tables/', '/tables/a/b', '/tables/bad%20id', `/tables/${'x'.repeat(129)}`, '/rounds/a/b']) {
      const page = await hostedPage(deps, { ...behindCloudFront, path });
      expect(page.statusCode, path).toBe(404);
      expect(page.body).toContain('No table page here');
      expect(page.body).not.toMatch(/bad|xxx|a\/b/);
    }
  });

  it('is routed to the session routes (no JWT authorizer), and the round details data stays apart from the page', () => {
    for (const path of ['/tables/T1', '/lobby', '/rounds/T1.12'])
      expect([PAGE_PATHS.test(path), SESSION_PATHS.test(path)], path).toEqual([true, true]);
    for (const path of ['/rounds/v1/T1.12', '/partner/v1/launch'])
      expect([PAGE_PATHS.test(path), SESSION_PATHS.test(path)], path).toEqual([false, true]);
    for (const path of ['/graphql', '/play/graphql', '/client/page.js', '/lobbyist']) expect(SESSION_PATHS.test(path), path).toBe(false);
  });

  it('takes its socket path from configuration only in the form of a path, else the local server’s', async () => {
    const page = await hostedPage(deps, { ...behindCloudFront, socketPath: '"><script>', path: '/lobby' });
    expect(page.body).toContain('<meta name="live-socket" content="/graphql">');
  });

  it("writes its first words in the page's language: ?lang= (a launch's), else Accept-Language's first it speaks, else English", async () => {
    const shell = await hostedPage(deps, { ...behindCloudFront, path: '/lobby', language: 'pt' });
    expect(shell.body).toContain('<html lang="pt">');
    expect(shell.body).toContain('A carregar a mesa…');
    expect((await hostedPage(deps, { ...behindCloudFront, path: '/tables/', language: 'zh-Hant' })).body).toContain('這裡沒有賭桌頁面');
    expect(pageLanguage('zh-Hans', 'pt-PT,pt;q=0.9')).toBe('zh-Hans');
    expect(pageLanguage(undefined, 'fr-FR,zh-HK;q=0.8,en;q=0.5')).toBe('zh-Hant');
    expect(pageLanguage('klingon', 'de')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });
});
