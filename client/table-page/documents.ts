/**
 * Every GraphQL operation of the table page, typed by the client preset (npm run codegen). A
 * subscription may not select what reads more storage (openBets, roads, the jackpot's pool):
 * TablePageLive is what an event carries, the queries below fetch the rest when an event says it changed.
 * A table is a CrapsTable or a BaccaratTable: `__typename` is asked for wherever the page reads
 * one game's part, so that the generated types narrow on it. A TableEvent carries no time of its
 * own: its serverTime, when it was sent, stands in for it.
 */
import { graphql } from '../generated';

export const TABLE_LIVE = graphql(`
  fragment TablePageLive on Table {
    __typename
    id
    name
    game
    status
    currency
    currencyUnit {
      code
      minorUnitDigits
    }
    minimumBet
    maximumBet
    nextSequence
    bettingOpen
    bettingWindowSeconds
    bettingClosesAt
    serverTime
    dealing
    dealingPaused
    fairness {
      commitment
      shoe
      publishedAt
      lastReveal {
        commitment
        seed
        salt
        shoe
        revealedAt
      }
    }
    recentResults {
      sequence
      dice
      total
      winner
      playerPair
      bankerPair
      natural
    }
    ... on CrapsTable {
      phase
      point
      rollCount
      shooter
    }
    ... on BaccaratTable {
      roundCount
      options {
        commission
      }
      jackpot {
        modality
      }
    }
  }
`);

export const TABLE_BET = graphql(`
  fragment TablePageBet on Bet {
    id
    tableId
    type
    amount
    number
    seat
    baseBetId
    status
    winnings
    returned
    round
    settledInRound
  }
`);

export const TABLE_ROADS = graphql(`
  fragment TablePageRoads on BaccaratRoads {
    shoe
    beadPlate {
      column
      row
      winner
      playerPair
      bankerPair
    }
    bigRoad {
      column
      row
      winner
      ties
      playerPair
      bankerPair
    }
    bigEyeBoy {
      column
      row
      colour
    }
    smallRoad {
      column
      row
      colour
    }
    cockroachPig {
      column
      row
      colour
    }
    counts {
      hands
      banker
      player
      tie
      bankerPair
      playerPair
      natural
    }
  }
`);

/** The whole page at load and after a reconnect: the table, its roads, your limits, bets (open, and your last ones decided) and balance. */
export const TABLE_PAGE = graphql(`
  query TablePage($id: ID!) {
    table(id: $id) {
      ...TablePageLive
      myLimits {
        profile
        minimumBet
        maximumBet
        betLimits {
          type
          minimum
          maximum
        }
      }
      openBets {
        ...TablePageBet
      }
      ... on BaccaratTable {
        roads {
          ...TablePageRoads
        }
        jackpot {
          pool {
            id
            amount
          }
        }
      }
    }
    me {
      id
      balance
      currency
      currencyUnit {
        code
        minorUnitDigits
      }
      # The player's last bets, so that a reload shows the rounds they played here.
      bets(last: 30) {
        ...TablePageBet
      }
    }
  }
`);

/**
 * A seamless partner's player (Query.me null: their money is in their partner's wallet): their
 * balance there, in the shape of `me`, at load; then myEvents tells each balance the wallet answers.
 */
export const WALLET_BALANCE = graphql(`
  query TablePageWallet {
    walletBalance {
      id: playerId
      balance
      currency
      readAt
    }
  }
`);

/**
 * A baccarat table's deals, newest first, a page at a time, with what each shows of its shoe's
 * fairness: the Verify button reads those of the shoe last revealed (fairness-check.ts, checkShoe).
 */
export const SHOE_DEALS = graphql(`
  query TablePageShoeDeals($id: ID!, $after: String) {
    table(id: $id) {
      __typename
      id
      ... on BaccaratTable {
        options {
          decks
        }
        deals(first: 200, after: $after) {
          edges {
            node {
              sequence
              shoe
              shoePosition
              cards
              fairness {
                commitment
                seed
                salt
                burn
              }
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  }
`);

/** After an outcome or a new shoe at a baccarat table. */
export const TABLE_ROADS_REFRESH = graphql(`
  query TablePageRoadsRefresh($id: ID!) {
    table(id: $id) {
      __typename
      id
      ... on BaccaratTable {
        roads {
          ...TablePageRoads
        }
      }
    }
  }
`);

/**
 * After a round is paid: the layout as it left it (come bets moved, bets decided), and the
 * player's last bets, of which those the round decided, as they finally stand. A bet's BET_SETTLED
 * tells of it as it was first decided: a jackpot bet first lost is won once the jackpot is applied,
 * and no second event says so (yet).
 */
export const ROUND_SETTLED_REFRESH = graphql(`
  query TablePageRoundSettled($id: ID!) {
    table(id: $id) {
      id
      openBets {
        ...TablePageBet
      }
    }
    me {
      bets(last: 50) {
        ...TablePageBet
      }
    }
  }
`);

/** A refusal as the page says it: its words, its field, and what it names as data (said in the page's language, i18n/refusals.ts). */
export const REFUSAL = graphql(`
  fragment TablePageRefusal on UserError {
    message
    field
    params {
      name
      kind
      amount
      currency
      betType
      number
      momentAt
      text
    }
  }
`);

/** A craps bet of the player's taken down: the bet as it stands after, or why not (said from its parameters). */
export const TAKE_DOWN_BET = graphql(`
  mutation TablePageTakeDown($input: TakeDownBetInput!) {
    takeDownBet(input: $input) {
      bet {
        ...TablePageBet
      }
      userErrors {
        code
        ...TablePageRefusal
      }
    }
  }
`);

export const PLACE_BET = graphql(`
  mutation TablePagePlaceBet($input: PlaceBetInput!) {
    placeBet(input: $input) {
      bet {
        ...TablePageBet
      }
      userErrors {
        code
        ...TablePageRefusal
      }
    }
  }
`);

export const TABLE_EVENTS = graphql(`
  subscription TablePageTableEvents($id: ID!) {
    tableEvents(tableId: $id) {
      kind
      sequence
      serverTime
      bettingClosesAt
      result {
        sequence
        dice
        total
        winner
        playerPair
        bankerPair
        natural
      }
      table {
        ...TablePageLive
      }
    }
  }
`);

export const MY_EVENTS = graphql(`
  subscription TablePageMyEvents {
    myEvents {
      kind
      serverTime
      bet {
        ...TablePageBet
      }
      account {
        balance
        currency
      }
      wallet {
        balance
        currency
        readAt
      }
      realityCheck {
        everyMinutes
        sessionStartedAt
        dueAt
        staked
        net
      }
    }
  }
`);

/** The player acknowledges a reality check they were told (myEvents, REALITY_CHECK): bets are taken again. */
export const ACKNOWLEDGE_REALITY_CHECK = graphql(`
  mutation TablePageAcknowledgeRealityCheck($dueAt: DateTime!) {
    acknowledgeRealityCheck(input: { dueAt: $dueAt }) {
      protection {
        playerId
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const JACKPOT_POOL = graphql(`
  subscription TablePageJackpotPool($id: ID!) {
    jackpotPool(id: $id) {
      id
      amount
    }
  }
`);

/** The player's protection as the "Play safely" panel shows it: read when the panel is opened, and from each change's answer. */
export const PLAYER_PROTECTION_FIELDS = graphql(`
  fragment TablePageProtection on PlayerProtection {
    mayPlay
    timeOutEndsAt
    selfExclusionEndsAt
    permanentlyExcluded
    blocked {
      reason
    }
    limits {
      kind
      period
      amount
      used
      byPlayer {
        amount
        pendingAmount
        pendingRemoval
        pendingAt
      }
    }
    realityCheck {
      everyMinutes
    }
  }
`);

export const PLAYER_PROTECTION = graphql(`
  query TablePageProtection {
    playerProtection {
      ...TablePageProtection
    }
  }
`);

export const SET_LIMIT = graphql(`
  mutation TablePageSetLimit($input: SetLimitInput!) {
    setLimit(input: $input) {
      protection {
        ...TablePageProtection
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const SET_REALITY_CHECK = graphql(`
  mutation TablePageSetRealityCheck($minutes: Int) {
    setRealityCheck(input: { minutes: $minutes }) {
      protection {
        ...TablePageProtection
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const TAKE_TIME_OUT = graphql(`
  mutation TablePageTakeTimeOut($hours: Int!) {
    takeTimeOut(input: { hours: $hours }) {
      protection {
        ...TablePageProtection
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const SELF_EXCLUDE = graphql(`
  mutation TablePageSelfExclude($months: Int, $permanent: Boolean) {
    selfExclude(input: { months: $months, permanent: $permanent }) {
      protection {
        ...TablePageProtection
      }
      userErrors {
        code
        message
      }
    }
  }
`);
