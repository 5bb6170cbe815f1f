import { getHref } from '@hall/domain/citizen-paths';
import { generatePath } from 'react-router';

/**
 * The console's routes, written once: the router serves them, the menu and the screens link to
 * them (docs/decisions/010, as the citizen's `paths`). A detail page carries its `:id` in the path.
 */
export const paths = {
  home: '/',
  my: '/my',
  password: '/password',
  queueDisplay: '/display/queue',
  review: { list: '/review', decided: '/review/decided', detail: '/review/:id' },
  feedback: { list: '/feedback', detail: '/feedback/:id' },
  followUps: { list: '/follow-ups', detail: '/follow-ups/:id' },
  fulfilment: { list: '/fulfilment', detail: '/fulfilment/:id' },
  counterDay: '/counter-day',
  queueCalling: '/queue-calling',
  content: {
    articles: '/content/articles',
    article: '/content/articles/:id',
    banners: '/content/banners',
    menus: '/content/menus',
    questions: '/content/questions',
    sites: '/content/sites',
    downloads: '/content/downloads',
    guides: '/content/guides',
    guide: '/content/guides/:prodefid',
  },
  queueSettings: '/queue-settings',
  catalogue: '/catalogue',
  mapSetting: '/settings/map',
  operators: '/operators',
  audit: '/audit',
  appointmentSettings: '/appointment-settings',
  statistics: '/statistics',
  notificationSending: '/notification-sending',
} as const;

/** A console address: the path's `:params` filled in (encoded), then the query without its empty values. */
export function href(path: string, params: Record<string, string | number> = {}, query: Record<string, string | number | null | undefined> = {}): string {
  const filled = generatePath(path, Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])));
  return getHref(filled, query);
}
