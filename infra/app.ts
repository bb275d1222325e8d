import { App } from 'aws-cdk-lib';
import { bundleReport, casinoTablesApp, functionBundles } from './casino-tables-app';

// The CDK app named in cdk.json. No env: the stacks synthesize without an account or network.
const app = new App();
const { nagReport } = casinoTablesApp(app);
const assembly = app.synth();
const report = bundleReport(functionBundles(assembly));
// stderr: the CLI shows it even with --quiet, and it never mixes into a template on stdout.
if (report) process.stderr.write(`Function bundles (the code a cold start loads, and all of it):\n${report}\n`);
process.stderr.write(`${nagReport.summary()}: ${nagReport.write(assembly.directory)}\n`);
