/**
 * The lobby (`/lobby`): where a partner's launch without a table lands. The tables open to the
 * player in the session's currency, each a link to its page (the partner kept in the address, so
 * that its sites may still embed it), and the partner's Home and Cashier.
 */
import { graphql } from '../generated';
import { el, fill } from './dom';
import type { GraphQLHttp } from './graphql-http';
import { formatMoney, rememberCurrencyUnit } from './money';
import { partnerLinks } from './partner-links';
import type { LaunchedSession } from './player-token';
import { t } from './i18n/language';

export const LOBBY_TABLES = graphql(`
  query LobbyTables {
    tables(status: OPEN, first: 200) {
      edges {
        node {
          id
          name
          game
          currency
          currencyUnit {
            code
            minorUnitDigits
          }
          minimumBet
          maximumBet
          dealing
        }
      }
    }
  }
`);

/** Draws the lobby into `root` once its tables are read; a refusal is shown as the API gave it. */
export async function showLobby(root: HTMLElement, http: GraphQLHttp, session: LaunchedSession | undefined): Promise<void> {
  const answer = await http.request(LOBBY_TABLES, {});
  root.removeAttribute('aria-busy');
  if ('code' in answer) {
    fill(root, el('section', { class: 'notice', role: 'alert' }, el('h1', {}, t('lobby.unread')), el('p', {}, answer.message)));
    return;
  }
  const tables = answer.data.tables.edges.map((edge) => edge.node).filter((table) => !session || table.currency === session.currency);
  for (const table of tables) rememberCurrencyUnit(table.currencyUnit);
  const partner = session ? `?partner=${encodeURIComponent(session.partner)}` : '';
  fill(
    root,
    el('header', { class: 'table-header' }, el('div', { class: 'table-title' }, el('h1', {}, t('lobby.title'))), partnerLinks(session)),
    tables.length === 0
      ? el('p', { class: 'muted' }, t('lobby.none'))
      : el(
          'ul',
          { class: 'lobby-tables' },
          ...tables.map((table) =>
            el(
              'li',
              {},
              el('a', { href: `/tables/${encodeURIComponent(table.id)}${partner}` }, table.name),
              el(
                'span',
                { class: 'muted' },
                ` ${t('lobby.limits', {
                  game: t(`game.${table.game}`),
                  minimum: formatMoney(table.minimumBet, table.currency),
                  maximum: formatMoney(table.maximumBet, table.currency),
                })}`,
              ),
            ),
          ),
        ),
  );
}
