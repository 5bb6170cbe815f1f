import { type QueryRecordKind } from '@hall/domain';
import { paths } from '../../config/paths';
import { LICENCE_QUERY_DIALOG_HIDE_MS, QUERY_DIALOG_HIDE_MS } from '@hall/ui/constants';

/** The two query forms: 不动产证书查询 (/certificateQuery) and 电子证照查询 (/dzzzQuery). */
export type QueryFormKind = Extract<QueryRecordKind, 'certificate' | 'licence'>;

export interface QueryScreen {
  kind: QueryFormKind;
  path: string;
  title: string;
  /** Where its results are listed. */
  recordsPath: string;
  /** How long the 请填入内容 dialog stays (spec part 1 §5: 3 s, 1 s for the licence). */
  incompleteDialogMs: number;
  /** The licence query runs a face check before it is submitted. */
  faceCheck: boolean;
}

export const QUERY_SCREENS: Readonly<Record<QueryFormKind, QueryScreen>> = {
  certificate: {
    kind: 'certificate',
    path: paths.certificateQuery,
    title: '不动产证书查询',
    recordsPath: paths.record,
    incompleteDialogMs: QUERY_DIALOG_HIDE_MS,
    faceCheck: false,
  },
  licence: {
    kind: 'licence',
    path: paths.dzzzQuery,
    title: '电子证照查询',
    recordsPath: paths.dzzzrecord,
    incompleteDialogMs: LICENCE_QUERY_DIALOG_HIDE_MS,
    faceCheck: true,
  },
};

export interface RecordScreen {
  kind: QueryRecordKind;
  path: string;
  title: string;
  /** Where back goes without history: the screen the records come from. */
  backTo: string;
  empty: string;
}

/** The three record lists: /record, /dzzzrecord and /dzzzverificationrecord. */
export const RECORD_SCREENS: Readonly<Record<QueryRecordKind, RecordScreen>> = {
  certificate: { kind: 'certificate', path: paths.record, title: '证书查询结果', backTo: paths.certificateQuery, empty: '暂无证书查询记录' },
  licence: { kind: 'licence', path: paths.dzzzrecord, title: '电子证照查询结果', backTo: paths.dzzzQuery, empty: '暂无电子证照查询记录' },
  verification: { kind: 'verification', path: paths.dzzzverificationrecord, title: '电子证照验签记录', backTo: paths.dzzzverification, empty: '暂无验签记录' },
};

/** The screen at a path, compared as the router does (letter case aside). */
export function screenAt<T extends { path: string }>(screens: Readonly<Record<string, T>>, pathname: string): T | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return Object.values(screens).find((screen) => screen.path.toLowerCase() === path);
}
