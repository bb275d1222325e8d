/// <reference lib="dom" />
/**
 * A baccarat shoe's roads as Table.roads gives them, with their grid positions (6 rows, column
 * and row from 0 at the top left): the page draws, it never works a road out itself, so that
 * every device shows the same roads.
 */
import type { TablePageRoadsFragment } from '../generated/graphql';
import { winnerName } from './bet-names';
import { el } from './dom';
import { t } from './i18n/language';

type Roads = TablePageRoadsFragment;
type Placed = { readonly column: number; readonly row: number };

export function roadsPanel(roads: Roads | null): Node[] {
  if (!roads) return [el('p', { class: 'muted' }, t('roads.none'))];
  const { counts } = roads;
  const last = roads.beadPlate.at(-1);
  const cells = (count: number) => t('roads.cells', { count });
  return [
    el(
      'p',
      { class: 'shoe-counts' },
      el('strong', {}, t('roads.shoe', { shoe: roads.shoe })),
      ` · ${t('roads.hands', { count: counts.hands })} · `,
      el('span', { class: 'count-banker' }, t('roads.banker', { count: counts.banker })),
      ' · ',
      el('span', { class: 'count-player' }, t('roads.player', { count: counts.player })),
      ' · ',
      el('span', { class: 'count-tie' }, t('roads.tie', { count: counts.tie })),
      ` · ${t('roads.pairs', { banker: counts.bankerPair, player: counts.playerPair, naturals: counts.natural })}`,
    ),
    el(
      'div',
      { class: 'roads' },
      road(t('roads.bigRoad'), 'big-road', roads.bigRoad, cells(roads.bigRoad.length), (cell) =>
        el(
          'span',
          { class: 'ring', 'data-winner': cell.winner, 'data-ties': cell.ties > 0 },
          cell.ties > 1 ? el('span', { class: 'tie-count' }, String(cell.ties)) : null,
          ...pairs(cell),
        ),
      ),
      road(
        t('roads.beadPlate'),
        'bead-plate',
        roads.beadPlate,
        last
          ? t('roads.roundsLast', { count: roads.beadPlate.length, winner: winnerName(last.winner) })
          : t('roads.rounds', { count: roads.beadPlate.length }),
        (cell) => el('span', { class: 'bead', 'data-winner': cell.winner }, winnerName(cell.winner).charAt(0), ...pairs(cell)),
      ),
      el(
        'div',
        { class: 'roads-derived' },
        road(t('roads.bigEyeBoy'), 'derived big-eye-boy', roads.bigEyeBoy, cells(roads.bigEyeBoy.length), (cell) =>
          mark('ring', cell.colour),
        ),
        road(t('roads.smallRoad'), 'derived small-road', roads.smallRoad, cells(roads.smallRoad.length), (cell) =>
          mark('dot', cell.colour),
        ),
        road(t('roads.cockroachPig'), 'derived cockroach-pig', roads.cockroachPig, cells(roads.cockroachPig.length), (cell) =>
          mark('slash', cell.colour),
        ),
      ),
    ),
  ];
}

function road<T extends Placed>(
  title: string,
  kind: string,
  cells: readonly T[],
  summary: string,
  draw: (cell: T) => HTMLElement,
): HTMLElement {
  const used = Math.max(0, ...cells.map((cell) => cell.column + 1));
  const grid = el('div', { class: `road-grid ${kind}`, role: 'img', 'aria-label': `${title}: ${summary}`, 'data-used': used });
  for (const cell of cells) {
    const drawn = draw(cell);
    // CSSOM, not a style attribute: the page's Content-Security-Policy allows these.
    drawn.style.gridColumn = String(cell.column + 1);
    drawn.style.gridRow = String(cell.row + 1);
    grid.append(drawn);
  }
  return el(
    'figure',
    { class: `road road-${kind.split(' ').at(-1)}` },
    el('figcaption', {}, title),
    el('div', { class: 'road-scroll' }, grid),
  );
}

function pairs(cell: { readonly bankerPair: boolean; readonly playerPair: boolean }): (HTMLElement | null)[] {
  return [
    cell.bankerPair ? el('span', { class: 'pair banker-pair', 'aria-hidden': 'true' }) : null,
    cell.playerPair ? el('span', { class: 'pair player-pair', 'aria-hidden': 'true' }) : null,
  ];
}

const mark = (shape: 'ring' | 'dot' | 'slash', colour: string) => el('span', { class: `mark mark-${shape}`, 'data-colour': colour });

/**
 * Once drawn, each road's grid gets as many columns as its place on the page holds (more if the
 * shoe needs more: it then scrolls), and shows its newest columns.
 */
export function fitRoads(container: Element): void {
  container.querySelectorAll<HTMLElement>('.road-grid').forEach((grid) => {
    const scroller = grid.parentElement!;
    const cell = parseFloat(getComputedStyle(grid).getPropertyValue('--cell')) || 20;
    const used = Number(grid.dataset.used ?? 0);
    const fits = Math.max(1, Math.floor((scroller.clientWidth - 1) / cell));
    grid.style.setProperty('--columns', String(Math.max(used, fits)));
    scroller.scrollLeft = Math.max(0, (used + 1) * cell - scroller.clientWidth);
  });
}
