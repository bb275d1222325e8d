/**
 * The few words of the hosted pages' HTML shell (hosted-pages.ts), in the client's four
 * languages: shown until the page's script draws the page in the player's language (client/table-page/i18n/).
 */
export const PAGE_LANGUAGES = ['en', 'zh-Hant', 'zh-Hans', 'pt'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export interface PageWords {
  readonly title: string;
  readonly loading: string;
  readonly noScript: string;
  readonly notFoundTitle: string;
  readonly notFound: string;
  readonly notFoundText: string;
}

export const PAGE_WORDS: Readonly<Record<PageLanguage, PageWords>> = {
  en: {
    title: 'Table',
    loading: 'Loading the table…',
    noScript: 'The table page needs JavaScript.',
    notFoundTitle: 'No table page',
    notFound: 'No table page here',
    notFoundText: "A table page's address is /tables/ followed by the table's id.",
  },
  'zh-Hant': {
    title: '賭桌',
    loading: '正在載入賭桌…',
    noScript: '賭桌頁面需要 JavaScript。',
    notFoundTitle: '沒有賭桌頁面',
    notFound: '這裡沒有賭桌頁面',
    notFoundText: '賭桌頁面的網址是 /tables/ 加上賭桌的編號。',
  },
  'zh-Hans': {
    title: '赌桌',
    loading: '正在加载赌桌…',
    noScript: '赌桌页面需要 JavaScript。',
    notFoundTitle: '没有赌桌页面',
    notFound: '这里没有赌桌页面',
    notFoundText: '赌桌页面的网址是 /tables/ 加上赌桌的编号。',
  },
  pt: {
    title: 'Mesa',
    loading: 'A carregar a mesa…',
    noScript: 'A página da mesa precisa de JavaScript.',
    notFoundTitle: 'Nenhuma página de mesa',
    notFound: 'Nenhuma página de mesa aqui',
    notFoundText: 'O endereço de uma página de mesa é /tables/ seguido do identificador da mesa.',
  },
};

/** The page's language: `?lang=` when it is one of the four, else the first of Accept-Language the page speaks, else English. */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  if ((PAGE_LANGUAGES as readonly (string | undefined)[]).includes(query)) return query as PageLanguage;
  for (const range of (acceptLanguage ?? '').split(',').slice(0, 20)) {
    const tag = range.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) return /hant|-tw|-hk|-mo/.test(tag) ? 'zh-Hant' : 'zh-Hans';
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
