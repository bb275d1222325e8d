/**
 * A stage's monthly AWS cost, by service, for a day's traffic (docs/DEPLOY.md, "Cost"):
 *   npm run --silent cost -- --bets-per-day 1000000 --players 10000 --tables 40 --stage prod
 * The stage's settings (backup and log retention, warm throughput, region, replicas) are read from cdk.json as synth
 * reads them (deploymentSettingsFrom); the model is infra/cost/. No network. Exit code 2: bad arguments.
 */
import { runAsCommandLine } from './command-line';
import { costCommand } from './cost/command';

await runAsCommandLine(import.meta.url, costCommand);
