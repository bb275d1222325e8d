import { readFileSync } from 'node:fs';
import { parse, print, stripIgnoredCharacters, visit } from 'graphql';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { shapesOfSdl } from './functions/graphql/type-shapes';

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
        scalars: {
          Money: 'number',
          SignedMoney: 'number',
          MoneyTotal: { input: 'never', output: 'bigint' },
          DateTime: 'string',
          Date: 'string',
          Currency: 'string',
        },
        // Resolvers return the service layer's records; field resolvers fill in the rest.
        mappers: {
          Table: '../views#TableView',
          CrapsTable: '../views#CrapsTableView',
          BaccaratTable: '../views#BaccaratTableView',
          CrapsOptions: '../views#CrapsTableView',
          BaccaratOptions: '../views#BaccaratTableView',
          Bet: '../views#BetView',
          Account: '../views#AccountView',
          Roll: '../views#RollView',
          PlayerProtection: '../../services/protection/restrictions#ProtectionView',
          Deal: '../views#DealView',
          JackpotPool: '../views#JackpotPoolView',
          TableJackpot: '../views#TableJackpotView',
          VoidedRound: '../views#VoidView',
          LimitProfileAssignment: '../../store/tables/table-records#LimitAssignmentRecord',
          CashMovement: '../../store/money/account-records#CashMovementRecord',
          BetSettlement: '../../services/rounds/settled-bet#SettledBet',
          Reconciliation: '../../services/money/checked-book#CheckedBook',
          StatementConnection: '../../services/money/statement#StatementPage',
          CashMovementConnection: '../../services/money/cashier#CashMovementPage',
          RoundRecall: '../../services/rounds/round-recall#RoundRecall as RoundRecallResult',
          DailyReport: '../../services/money/daily-report#DailyReport as DailyReportResult',
          CashMovementEdge: '../../services/money/cashier#CashMovementEntry',
          LayoutTotals: '../../services/betting/layout-totals#LayoutTotalsView as LayoutTotalsResult',
          RollConnection: '../../services/tables/queries#RollPage',
          TableConnection: '../../services/tables/lobby#LobbyPage',
          TableEdge: '../../services/tables/lobby#LobbyEdge',
          RecentResult: '../../store/tables/table-records#RecentResult as RecentResultRecord',
          BaccaratRoads: '../../services/rounds/scoreboards#TableRoads',
          DealConnection: '../../services/tables/queries#DealPage',
          RollEdge: '../../services/tables/queries#RollEdge as RollEdgeResult',
          DealEdge: '../../services/tables/queries#DealEdge as DealEdgeResult',
          StatementEdge: '../../services/money/statement#StatementEntry as StatementEdgeResult',
          StatementEntry: '../../services/money/statement#StatementEntry as StatementEntryResult',
          Paytable: '../../services/tables/paytable#TablePaytable',
          PaytableBet: '../../services/tables/paytable#PaytableBetEntry',
          PaytableJackpotCombination: '../../rules/baccarat/paytable#JackpotPaytableEntry',
          ExactFraction: '../../rules/fraction#Fraction',
          TableEvent: '../../services/live/live-events#TableEventPayload',
          PlayerEvent: '../../services/live/live-events#PlayerEventPayload',
          LobbyEvent: '../../services/live/live-events#LobbyEventPayload',
          PartnerWallet: '../../store/wallet/partner-wallets#PartnerWalletRecord',
          WalletCall: '../../store/wallet/wallet-calls#WalletCallRecord',
          PartnerWalletReport: '../../services/wallet/wallet-reports#PartnerWalletReport as PartnerWalletReportResult',
          WalletCallTotals: '../../services/wallet/wallet-reports#WalletCurrencyTotals',
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
        scalars: { Money: 'number', SignedMoney: 'number', MoneyTotal: 'string', DateTime: 'string', Date: 'string', Currency: 'string' },
      },
    },
    // The SDL embedded as a string, so the Lambda bundle needs no file beside it: without its
    // descriptions, which only introspection shows (off in AWS unless asked for), and with them
    // in a module of its own, loaded only where introspection is on.
    'functions/graphql/generated/type-defs.ts': {
      plugins: [
        {
          add: {
            content: `/* Generated from schema.graphql by npm run codegen, without its descriptions. */\nexport const typeDefs = ${JSON.stringify(
              undescribed(readFileSync('schema.graphql', 'utf8')),
            )};\n`,
          },
        },
      ],
    },
    // What the functions build their schema from at a cold start (functions/graphql/type-shapes.ts):
    // one string for JSON.parse, which V8 reads faster than the same object written as code.
    'functions/graphql/generated/type-shapes.ts': {
      plugins: [
        {
          add: {
            content: `/* Generated from schema.graphql by npm run codegen: its types as shapes, without descriptions. */\nimport type { SchemaShape } from '../type-shapes';\n\nexport const schemaShape: SchemaShape = JSON.parse(${JSON.stringify(
              JSON.stringify(shapesOfSdl(readFileSync('schema.graphql', 'utf8'))),
            )});\n`,
          },
        },
      ],
    },
    'functions/graphql/generated/described-type-defs.ts': {
      plugins: [
        {
          add: {
            content: `/* Generated from schema.graphql by npm run codegen. */\nexport const describedTypeDefs = ${JSON.stringify(
              readFileSync('schema.graphql', 'utf8'),
            )};\n`,
          },
        },
      ],
    },
  },
};

export default config;

/** The SDL without its descriptions (and comments): the same schema, a fifth of the text. */
function undescribed(sdl: string): string {
  const stripped = visit(parse(sdl, { noLocation: true }), {
    enter(node) {
      return 'description' in node && node.description ? { ...node, description: undefined } : undefined;
    },
  });
  return stripIgnoredCharacters(print(stripped));
}
