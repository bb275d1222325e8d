/// <reference lib="dom" />
/** The page's language, switched by the player: kept for the tab (language.ts, CHOSEN), and the page read again in it. */
import { el } from '../dom';
import { CHOSEN, LANGUAGE_NAMES, LANGUAGES, language, t } from './language';

export function languageSwitch(): HTMLElement {
  const select = el(
    'select',
    { id: 'page-language', name: 'language' },
    ...LANGUAGES.map((tag) => el('option', { value: tag, lang: tag, selected: tag === language() }, LANGUAGE_NAMES[tag])),
  );
  select.addEventListener('change', () => {
    sessionStorage.setItem(CHOSEN, select.value);
    window.location.reload();
  });
  return el('div', { class: 'language-switch' }, el('label', { for: 'page-language' }, t('language.label')), select);
}
