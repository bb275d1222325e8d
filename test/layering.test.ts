import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of .dependency-cruiser.cjs (docs/ARCHITECTURE.md), which `npm test`
 * checks over the tree: here each rule is shown to refuse the import it names, in a small house
 * laid out as this one, so that a rule whose pattern stopped matching anything would be caught.
 */

type Files = Record<string, string>;

/** Each rule, and a house with one import it forbids (besides modules nothing is wrong with). */
const violations: Record<string, Files> = {
  'no-circular': {
    'functions/services/rounds/settle.ts': "import type { Paid } from './job';\nexport type Settled = Paid;\n",
    'functions/services/rounds/job.ts': "import type { Settled } from './settle';\nexport type Paid = { settled?: Settled };\n",
  },
  'rules-are-pure': {
    'functions/rules/dice.ts': "import { db } from '../store/kernel/db';\nexport const roll = db;\n",
    'functions/store/kernel/db.ts': 'export const db = 1;\n',
  },
  'rules-import-no-package': {
    'functions/rules/dice.ts': "import { randomInt } from 'node:crypto';\nexport const roll = randomInt;\n",
  },
  'store-below-services': {
    'functions/store/money/ledger.ts':
      "import { ServiceError } from '../../services/kernel/errors';\nexport const refuse = ServiceError;\n",
    'functions/services/kernel/errors.ts': 'export class ServiceError {}\n',
  },
  'services-below-entries': {
    'functions/services/betting/place-bet.ts':
      "import { toGraphqlError } from '../../graphql/errors';\nexport const refuse = toGraphqlError;\n",
    'functions/graphql/errors.ts': 'export const toGraphqlError = 1;\n',
  },
  'observability-below-entries': {
    'functions/observability/entry.ts': "import { handler } from '../graphql/handler';\nexport const wrapped = handler;\n",
    'functions/graphql/handler.ts': 'export const handler = 1;\n',
  },
  'graphql-below-live': {
    'functions/graphql/server.ts': "import { send } from '../live/delivery';\nexport const push = send;\n",
    'functions/live/delivery.ts': 'export const send = 1;\n',
  },
  'kernel-imports-no-capability': {
    'functions/services/kernel/views.ts': "import { paytable } from '../tables/paytable';\nexport const view = paytable;\n",
    'functions/services/tables/paytable.ts': 'export const paytable = 1;\n',
  },
  'wallet-contract-stands-alone': {
    'functions/wallet/wallet-client.ts': "import { ServiceError } from '../services/kernel/errors';\nexport const refuse = ServiceError;\n",
    'functions/services/kernel/errors.ts': 'export class ServiceError {}\n',
  },
  'live-capability-is-a-leaf': {
    'functions/store/betting/bets.ts': "import { connections } from '../live/live-connections';\nexport const watchers = connections;\n",
    'functions/store/live/live-connections.ts': 'export const connections = 1;\n',
  },
  'functions-not-to-infra': {
    'functions/graphql/handler.ts': "import { stack } from '../../infra/stack';\nexport const stage = stack;\n",
    'infra/stack.ts': 'export const stack = 1;\n',
  },
  'production-not-to-tooling': {
    'client/page.ts': "import { tableSetup } from '../local/table-setup';\nexport const setup = tableSetup;\n",
    'local/table-setup.ts': 'export const tableSetup = 1;\n',
  },
  'not-to-dev-dep': {
    'functions/graphql/server.ts': "import { run } from 'a-dev-tool';\nexport const serve = run;\n",
  },
};

/** A house that keeps every rule: each floor importing only what is below it. */
const lawful: Files = {
  'functions/rules/dice.ts': 'export const roll = 1;\n',
  'functions/store/kernel/keys.ts': "import { roll } from '../../rules/dice';\nexport const key = roll;\n",
  'functions/store/money/ledger.ts': "import { key } from '../kernel/keys';\nexport const journal = key;\n",
  'functions/store/live/live-connections.ts': "import { key } from '../kernel/keys';\nexport const connections = key;\n",
  'functions/services/kernel/errors.ts': "import { key } from '../../store/kernel/keys';\nexport const refuse = key;\n",
  'functions/services/money/cashier.ts':
    "import { journal } from '../../store/money/ledger';\nimport { refuse } from '../kernel/errors';\nexport const deposit = journal + refuse;\n",
  'functions/services/betting/place-bet.ts': "import { deposit } from '../money/cashier';\nexport const placeBet = deposit;\n",
  'functions/observability/entry.ts': "import { refuse } from '../services/kernel/errors';\nexport const wrap = refuse;\n",
  'functions/graphql/server.ts':
    "import type { Handler } from 'a-types-only-tool';\nimport { placeBet } from '../services/betting/place-bet';\nimport { wrap } from '../observability/entry';\nexport const handler: Handler = placeBet + wrap;\n",
  'functions/live/delivery.ts':
    "import { handler } from '../graphql/server';\nimport { connections } from '../store/live/live-connections';\nexport const send = handler + connections;\n",
  'infra/stack.ts': "import { handler } from '../functions/graphql/server';\nexport const stack = handler;\n",
  'local/server.ts': "import { handler } from '../functions/graphql/server';\nexport const serve = handler;\n",
};

/** What the houses' package.json declares: one package the product runs on, and two development tools. */
const packages: Files = {
  'package.json': JSON.stringify({
    name: 'house',
    type: 'module',
    devDependencies: { 'a-dev-tool': '1.0.0', 'a-types-only-tool': '1.0.0' },
  }),
  'node_modules/a-dev-tool/package.json': JSON.stringify({ name: 'a-dev-tool', version: '1.0.0', main: 'index.js' }),
  'node_modules/a-dev-tool/index.js': 'export const run = 1;\n',
  'node_modules/a-types-only-tool/package.json': JSON.stringify({ name: 'a-types-only-tool', version: '1.0.0', types: 'index.d.ts' }),
  'node_modules/a-types-only-tool/index.d.ts': 'export type Handler = number;\n',
};

let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'layering-'));
});

afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
});

/** The rules broken by a house of these files, checked with the project's configuration. */
async function brokenRules(name: string, files: Files): Promise<string[]> {
  const house = join(workspace, name);
  for (const [path, text] of Object.entries({ ...packages, ...files })) {
    mkdirSync(dirname(join(house, path)), { recursive: true });
    writeFileSync(join(house, path), text);
  }
  const { tsConfig: _projectTsConfig, ...options } = await extractDepcruiseOptions(join(process.cwd(), '.dependency-cruiser.cjs'));
  const roots = ['functions', 'local', 'infra', 'client'].filter((root) => Object.keys(files).some((path) => path.startsWith(`${root}/`)));
  const { output } = await cruise(roots, { ...options, baseDir: house, validate: true, outputType: 'json' });
  const result = JSON.parse(output as string) as ICruiseResult;
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

describe('the layering rules', () => {
  it('find nothing wrong with a house whose floors import only what is below them', async () => {
    expect(await brokenRules('lawful', lawful)).toEqual([]);
  });

  it.each(Object.entries(violations))('%s refuses the import it names', async (rule, files) => {
    expect(await brokenRules(rule, files)).toEqual([rule]);
  });

  it('every rule of the configuration is shown here to refuse something', async () => {
    const { ruleSet } = await extractDepcruiseOptions(join(process.cwd(), '.dependency-cruiser.cjs'));
    expect((ruleSet?.forbidden ?? []).map((rule) => rule.name).sort()).toEqual(Object.keys(violations).sort());
  });
});
