/// <reference lib="dom" />
/** What happened at the table and to the player's bets, newest first, by the server's clock. */
import { el } from './dom';
import type { LogEntry } from './live-events';
import { t } from './i18n/language';

const KEPT = 100;
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export class EventLog {
  readonly element = el('ol', { class: 'event-log', role: 'log', 'aria-live': 'polite', 'aria-label': t('log.label') });

  add(entry: LogEntry): void {
    const at = new Date(entry.at);
    this.element.prepend(
      el(
        'li',
        { 'data-tone': entry.tone },
        el('time', { datetime: entry.at }, Number.isNaN(at.getTime()) ? '' : TIME.format(at)),
        el('span', {}, entry.text),
      ),
    );
    while (this.element.childElementCount > KEPT) this.element.lastElementChild?.remove();
  }
}
