import { el } from './dom';
import { t } from './i18n/language';

/** Where a partner's launch sends its player back: its lobby and cashier (null: none said). */
export interface PartnerUrls {
  readonly lobbyUrl: string | null;
  readonly cashierUrl: string | null;
}

/** Home and Cashier, opened in the window the page is embedded in; nothing when the launch named neither. */
export function partnerLinks(urls: PartnerUrls | undefined): HTMLElement | undefined {
  if (!urls?.lobbyUrl && !urls?.cashierUrl) return undefined;
  return el(
    'nav',
    { class: 'partner-links', 'aria-label': 'Your casino' },
    urls.lobbyUrl && el('a', { href: urls.lobbyUrl, target: '_top', rel: 'noopener' }, t('partner.home')),
    urls.cashierUrl && el('a', { href: urls.cashierUrl, target: '_top', rel: 'noopener' }, t('partner.cashier')),
  );
}
