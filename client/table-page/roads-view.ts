/// <reference lib="dom" />
/**
 * A baccarat shoe's roads as Table.roads gives them, with their grid positions (6 rows, column
 * and row from 0 at the top left): the page draws, it never works a road out itself, so that
 * every device shows the same roads.
 */
import type { TablePageRoadsFragment } from '../generated/graphql';
import { winnerName } from './bet-names';
import { el } from './dom';

type Roads = TablePageRoadsFragment;
type Placed = { readonly column: number; readonly row: number };

export function roadsPanel(roads: Roads | null): Node[] {
  if (!roads) return [el('p', { class: 'muted' }, 'No roads for this table.')];
  const { counts } = roads;
  const last = roads.beadPlate.at(-1);
  const cells = (count: number) => `${count} ${count === 1 ? 'cell' : 'cells'}`;
  return [
    el(
      'p',
      { class: 'shoe-counts' },
      el('strong', {}, `Shoe ${roads.shoe}`),
      ` · ${counts.hands} ${counts.hands === 1 ? 'hand' : 'hands'} · `,
      el('span', { class: 'count-banker' }, `Banker ${counts.banker}`),
      ' · ',
      el('span', { class: 'count-player' }, `Player ${counts.player}`),
      ' · ',
      el('span', { class: 'count-tie' }, `Tie ${counts.tie}`),
      ` · Pairs B ${counts.bankerPair} / P ${counts.playerPair} · Naturals ${counts.natural}`,
    ),
    el(
      'div',
      { class: 'roads' },
      road('Big road', 'big-road', roads.bigRoad, cells(roads.bigRoad.length), (cell) =>
        el(
          'span',
          { class: 'ring', 'data-winner': cell.winner, 'data-ties': cell.ties > 0 },
          cell.ties > 1 ? el('span', { class: 'tie-count' }, String(cell.ties)) : null,
          ...pairs(cell),
        ),
      ),
      road(
        'Bead plate',
        'bead-plate',
        roads.beadPlate,
        `${roads.beadPlate.length} ${roads.beadPlate.length === 1 ? 'round' : 'rounds'}${last ? `, the last one ${winnerName(last.winner)}` : ''}`,
        (cell) => el('span', { class: 'bead', 'data-winner': cell.winner }, winnerName(cell.winner).charAt(0), ...pairs(cell)),
      ),
      el(
        'div',
        { class: 'roads-derived' },
        road('Big eye boy', 'derived big-eye-boy', roads.bigEyeBoy, cells(roads.bigEyeBoy.length), (cell) => mark('ring', cell.colour)),
        road('Small road', 'derived small-road', roads.smallRoad, cells(roads.smallRoad.length), (cell) => mark('dot', cell.colour)),
        road('Cockroach pig', 'derived cockroach-pig', roads.cockroachPig, cells(roads.cockroachPig.length), (cell) =>
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
