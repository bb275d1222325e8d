/**
 * Bundles a function's entry again, split: the modules its handler loads with `import()` when
 * first needed (tracing, the paytable's exact reports, the SQS client...) go into chunks of their
 * own beside index.mjs, so that a cold start loads only what the first request needs. esbuild
 * splits only into a directory, which NodejsFunction's one --outfile cannot name: this runs as
 * its afterBundling hook (function-bundling.ts), over the bundle it made, with the same options.
 * Writes bundle.json: each file's size, and the files it imports statically (what loads with it).
 *   node infra/split-bundle.mjs <entry> <outdir> <options as JSON>
 */
import { build } from 'esbuild';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const [entry, outdir, json] = process.argv.slice(2);
const options = JSON.parse(json);
for (const file of readdirSync(outdir)) if (/^index\.mjs(\.map)?$/.test(file)) rmSync(join(outdir, file));
const { metafile } = await build({
  entryPoints: { index: entry },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  outdir,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  ...options,
  plugins: [oneApolloServerPlugin()],
});
for (const file of Object.keys(metafile.outputs).filter((output) => output.endsWith('.mjs'))) withoutUnusedBanner(file);
const files = Object.fromEntries(
  Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.mjs'))
    .map(([file, output]) => [
      relative(file),
      {
        bytes: readFileSync(file).byteLength,
        staticImports: output.imports
          .filter((imported) => imported.kind === 'import-statement' && !imported.external)
          .map((imported) => relative(imported.path)),
      },
    ]),
);
writeFileSync(join(outdir, 'bundle.json'), JSON.stringify({ files }, null, 2));

/**
 * One copy of Apollo Server. The Lambda integration, CommonJS, requires `@apollo/server` for its
 * HeaderMap; resolved as a require, that is Apollo's CommonJS build, a second copy of the server
 * in which every plugin Apollo loads on demand (usage reporting, inline traces, their protobufs)
 * is required up front: some 200 KiB a cold start would load for nothing. The ES build the handler
 * imports serves the integration as well.
 */
function oneApolloServerPlugin() {
  return {
    name: 'one-apollo-server',
    setup(build) {
      build.onResolve({ filter: /^@apollo\/server$/ }, (args) =>
        args.kind === 'require-call' ? build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir }) : undefined,
      );
    },
  };
}

/**
 * The banner (the `require` that bundled CommonJS code calls) is written atop every file; a file
 * whose code never names `require` loses it, and with it a createRequire a cold start would run
 * for each such file it loads. Its source map loses the banner's line (a leading `;`).
 */
function withoutUnusedBanner(file) {
  const banner = `${options.banner.js}\n`;
  const code = readFileSync(file, 'utf8');
  if (!code.startsWith(banner) || /\brequire\b/.test(code.slice(banner.length))) return;
  writeFileSync(file, code.slice(banner.length));
  const mapFile = `${file}.map`;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  if (map.mappings === '') return; // a file of imports alone maps nothing
  if (!map.mappings.startsWith(';')) throw new Error(`${mapFile}: the banner's line has mappings`);
  writeFileSync(mapFile, JSON.stringify({ ...map, mappings: map.mappings.slice(1) }));
}

/** A file of the output, relative to its directory. */
function relative(file) {
  const at = file.lastIndexOf(`${basename(outdir)}/`);
  return at >= 0 ? file.slice(at + basename(outdir).length + 1) : file;
}
