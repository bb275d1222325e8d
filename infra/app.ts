import { App } from 'aws-cdk-lib';
import { CasinoTablesStack } from './casino-tables-stack';
import { deploymentSettingsFrom } from './deployment-settings';

// The CDK app named in cdk.json. No env: the stack synthesizes without an account or network.
const app = new App();
new CasinoTablesStack(app, 'CasinoTables', {
  description: 'Serverless GraphQL API for live Macau Craps and Baccarat tables',
  settings: deploymentSettingsFrom(app.node),
});
