/**
 * Which language the page speaks, and its words: one of the four the hosted client is written in
 * (the launch's languages, functions/services/sessions/launch.ts), chosen in this order:
 * 1. the player's own choice on the page (kept for the tab);
 * 2. the language the partner launched the player in;
 * 3. `?lang=` in the page's address;
 * 4. the browser's languages, the first the page speaks;
 * else English.
 * Messages are ICU MessageFormat (intl-messageformat): plurals and values in the language's own way.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './en';
import { zhHant } from './zh-Hant';
import { zhHans } from './zh-Hans';
import { pt } from './pt';

export const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey };

export const CATALOGS: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = {
  en,
  'zh-Hant': zhHant,
  'zh-Hans': zhHans,
  pt,
};

/** Each language named in itself, for the page's switch. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  'zh-Hant': '繁體中文',
  'zh-Hans': '简体中文',
  pt: 'Português',
};

/** Where the player's own choice is kept for the tab. */
export const CHOSEN = 'casino-tables:language';

const isLanguage = (value: string | null | undefined): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** A browser's language tag as one the page speaks: Chinese by its script (or region), Portuguese and English by their language. */
export function languageOfTag(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return /hant|-tw|-hk|-mo/.test(lower) ? 'zh-Hant' : 'zh-Hans';
  if (lower === 'pt' || lower.startsWith('pt-')) return 'pt';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

export function chooseLanguage(sources: {
  readonly chosen?: string | null;
  readonly launched?: string | null;
  readonly query?: string | null;
  readonly browser?: readonly string[];
}): Language {
  for (const candidate of [sources.chosen, sources.launched, sources.query]) if (isLanguage(candidate)) return candidate;
  for (const tag of sources.browser ?? []) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}

let current: Language = 'en';
const compiled = new Map<string, IntlMessageFormat>();

export const language = (): Language => current;

export function setLanguage(next: Language): void {
  current = next;
}

/** The words for `key` in the page's language, its placeholders filled from `values`. */
export function t(key: MessageKey, values?: Readonly<Record<string, string | number>>): string {
  const id = `${current}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGS[current][key], current);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/** Whether the catalogs have words for `key` (a refusal's code, say). */
export const hasMessage = (key: string): key is MessageKey => Object.hasOwn(en, key);
