import { describe, expect, it } from 'vitest';
import { explorerAsset, explorerAssetPaths } from '../../local/explorer/assets';

function page(): string {
  const asset = explorerAsset('/');
  if (!asset) throw new Error('the explorer page is not served on /');
  return asset.body.toString();
}

function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)\s*=\s*["']([^"']*)["']/gi)].map((match) => match[1]!);
}

// Inline `data:` references (the empty favicon) cost no request.
function referencedAssets(html: string): string[] {
  return references(html).filter((reference) => !reference.startsWith('data:'));
}

function fetchedUrls(html: string): string[] {
  return [...html.matchAll(/fetch\(\s*["']([^"']*)["']/g)].map((match) => match[1]!);
}

describe('the explorer page works with the network off', () => {
  it('is served on / as HTML', () => {
    expect(explorerAsset('/')?.contentType).toBe('text/html; charset=utf-8');
    expect(page()).toMatch(/^<!doctype html>/i);
  });

  it('loads its stylesheet and scripts from the same origin only (or inline data)', () => {
    expect(referencedAssets(page()).length).toBeGreaterThanOrEqual(4);
    for (const reference of references(page())) {
      expect(reference, `${reference} must be a same-origin absolute path or data:`).toMatch(/^(\/(?!\/)|data:)/);
    }
  });

  it('names no other host anywhere: no http(s) URL, no protocol-relative URL in an attribute', () => {
    const html = page();
    expect(html).not.toMatch(/https?:/i);
    expect(html).not.toMatch(/=\s*["']\/\//);
    expect(html).not.toMatch(/@import|url\(/i);
  });

  it('talks only to /explorer/config.json and /graphql', () => {
    expect(fetchedUrls(page()).sort()).toEqual(['/explorer/config.json', '/graphql']);
  });

  it('sends the header that Apollo CSRF prevention accepts, with a JSON body', () => {
    const html = page();
    expect(html).toMatch(/'apollo-require-preflight':\s*'true'/);
    expect(html).toMatch(/'content-type':\s*'application\/json'/);
  });

  it('loads React, then ReactDOM, then GraphiQL (the UMD bundle needs both globals)', () => {
    const scripts = referencedAssets(page()).filter((path) => path.endsWith('.js'));
    expect(scripts).toEqual(['/explorer/react.production.min.js', '/explorer/react-dom.production.min.js', '/explorer/graphiql.min.js']);
  });
});

describe('explorerAsset serves every file the page references', () => {
  const expectedType = (path: string) => (path.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');

  it.each(referencedAssets(page()))('%s', (path) => {
    const asset = explorerAsset(path);
    expect(asset, `${path} is referenced by the page but not served`).toBeDefined();
    expect(asset!.contentType).toBe(expectedType(path));
    expect(asset!.body.length).toBeGreaterThan(1000);
  });

  it('serves nothing the page does not reference (apart from the page itself)', () => {
    expect([...explorerAssetPaths].sort()).toEqual(['/', ...referencedAssets(page())].sort());
  });

  it('serves the real GraphiQL and React builds', () => {
    expect(explorerAsset('/explorer/graphiql.min.js')!.body.toString()).toContain('GraphiQL');
    expect(explorerAsset('/explorer/react.production.min.js')!.body.toString()).toContain('React');
    expect(explorerAsset('/explorer/react-dom.production.min.js')!.body.toString()).toContain('ReactDOM');
  });

  // A GraphiQL upgrade that pulled fonts or styles from the web would break the offline page.
  it('the stylesheet embeds its fonts instead of fetching them', () => {
    const css = explorerAsset('/explorer/graphiql.min.css')!.body.toString();
    const urls = [...css.matchAll(/url\(\s*["']?([^"')]*)/g)].map((match) => match[1]!);
    expect(urls.filter((url) => !url.startsWith('data:'))).toEqual([]);
    expect(css).not.toMatch(/@import/);
  });

  it('reads each file once and reuses it', () => {
    for (const path of explorerAssetPaths) {
      expect(explorerAsset(path)).toBe(explorerAsset(path));
    }
  });
});

describe('explorerAsset serves nothing else', () => {
  it.each([
    '',
    '/index.html',
    '/graphql',
    '/explorer',
    '/explorer/',
    '/explorer/config.json',
    '/explorer/graphiql.min.js.map',
    '/explorer/graphiql.js',
    '/explorer/react.development.js',
    '/explorer/../package.json',
    '/explorer/..%2F..%2Fpackage.json',
    '/explorer/graphiql.min.js/',
    '//explorer/graphiql.min.js',
    '/EXPLORER/graphiql.min.js',
    '/?autorun=1',
    '/constructor',
    '/__proto__',
    '/toString',
  ])('%j is not an explorer asset', (path) => {
    expect(explorerAsset(path)).toBeUndefined();
  });
});
