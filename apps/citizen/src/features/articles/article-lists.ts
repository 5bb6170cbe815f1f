import type { ArticleType } from '@hall/api/browser';
import { paths } from '../../config/paths';

/** One article list screen: which type it lists, its title and where it lives. */
export interface ArticleList {
  type: ArticleType;
  title: string;
  path: string;
}

const govPath = (type: string) => `${paths.gov}/${type}`;

/** The information lists of the hall menu (spec part 1 §2). */
const MENU_LISTS: readonly ArticleList[] = [
  { type: 'article', title: '新闻中心', path: paths.news },
  { type: 'bszn', title: '办事指南', path: paths.guide },
  { type: 'xxgs', title: '公示公告', path: paths.gsgg },
  { type: 'laws', title: '政策法规', path: paths.laws },
];

/** /gov/:type — the same lists under the government-information path, with housing notices. */
const GOV_LISTS: ReadonlyMap<string, ArticleList> = new Map<string, ArticleList>([
  ['laws', { type: 'laws', title: '政策法规', path: govPath('laws') }],
  ['xxgs', { type: 'xxgs', title: '公示公告', path: govPath('xxgs') }],
  ['tzgg', { type: 'tzgg', title: '房源信息', path: govPath('tzgg') }],
]);

/** The list shown at a path (`govType` is the :type of /gov/:type); null for no list. */
export function articleListAt(pathname: string, govType?: string): ArticleList | null {
  if (govType !== undefined) return GOV_LISTS.get(govType) ?? null;
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return MENU_LISTS.find((list) => list.path.toLowerCase() === path) ?? null;
}

/** The list an article of this type belongs to: where its back arrow goes without history. */
export function articleListOfType(type: ArticleType): ArticleList {
  return MENU_LISTS.find((list) => list.type === type) ?? GOV_LISTS.get(type) ?? MENU_LISTS[0]!;
}
