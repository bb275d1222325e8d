import { readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * schema.graphql is the contract; everything typed from it is generated here (npm run codegen,
 * run by `npm start`, `npm test` and `npm run synth`), never written by hand.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  overwrite: true,
  generates: {
    'functions/graphql/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context#GraphQLContext',
        scalars: { Money: 'number', SignedMoney: 'number', MoneyTotal: { input: 'never', output: 'bigint' }, DateTime: 'string' },
        // Resolvers return the service layer's records; field resolvers fill in the rest.
        mappers: {
          Table: '../../services/views#TableView',
          Bet: '../../services/views#BetView',
          Account: '../../services/views#AccountView',
          Roll: '../../services/views#RollView',
          Deal: '../../services/views#DealView',
          JackpotPool: '../../services/views#JackpotPoolView',
          TableJackpot: '../../services/views#TableJackpotView',
          RollResult: '../../services/submit-roll#RollOutcome',
          DealResult: '../../services/submit-deal#DealOutcome',
          VoidResult: '../../services/void-round#VoidOutcome',
          BetSettlement: '../../services/settle-outcome#SettledBet',
          Reconciliation: '../../services/reconcile#Reconciliation as ReconciliationResult',
          StatementConnection: '../../services/statement#StatementPage',
          CashMovementConnection: '../../services/cashier#CashMovementPage',
          RoundRecall: '../../services/round-recall#RoundRecall as RoundRecallResult',
          DailyReport: '../../services/daily-report#DailyReport as DailyReportResult',
          CashMovementEdge: '../../services/cashier#CashMovementEntry',
          LayoutTotals: '../../services/layout-totals#LayoutTotalsView as LayoutTotalsResult',
          RollConnection: '../../services/queries#RollPage',
          TableConnection: '../../services/lobby#LobbyPage',
          TableEdge: '../../services/lobby#LobbyEdge',
          RecentResult: '../../store/records#RecentResult as RecentResultRecord',
          BaccaratRoads: '../../services/scoreboards#TableRoads',
          DealConnection: '../../services/queries#DealPage',
          RollEdge: '../../services/queries#RollEdge as RollEdgeResult',
          DealEdge: '../../services/queries#DealEdge as DealEdgeResult',
          StatementEdge: '../../services/statement#StatementEntry as StatementEdgeResult',
          StatementEntry: '../../services/statement#StatementEntry as StatementEntryResult',
          Paytable: '../../services/paytable#TablePaytable',
          PaytableBet: '../../services/paytable#PaytableBetEntry',
          PaytableJackpotCombination: '../../rules/baccarat/paytable#JackpotPaytableEntry',
          ExactFraction: '../../rules/fraction#Fraction',
          TableEvent: '../../services/live-events#TableEventPayload',
          PlayerEvent: '../../services/live-events#PlayerEventPayload',
          LobbyEvent: '../../services/live-events#LobbyEventPayload',
        },
      },
    },
    // The typed client partners and front ends use (client/partner-client.ts shows it).
    'client/generated/': {
      documents: ['client/**/*.ts', '!client/generated/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        documentMode: 'string',
        // A MoneyTotal arrives as its decimal string: BigInt(total) reads it exactly.
        scalars: { Money: 'number', SignedMoney: 'number', MoneyTotal: 'string', DateTime: 'string' },
      },
    },
    // The SDL embedded as a string, so the Lambda bundle needs no file beside it.
    'functions/graphql/generated/type-defs.ts': {
      plugins: [
        {
          add: {
            content: `/* Generated from schema.graphql by npm run codegen. */\nexport const typeDefs = ${JSON.stringify(
              readFileSync('schema.graphql', 'utf8'),
            )};\n`,
          },
        },
      ],
    },
  },
};

export default config;
