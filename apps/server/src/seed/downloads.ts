/**
 * Demo data downloads (spec part 3 §2.19): the hall's blank forms. The PDFs ship with the server in
 * assets/downloads (rendered from these definitions by scripts/render-download-forms.ts); the seed
 * lists them, and the first start of a hall puts each into its file storage, where the download
 * streams it from.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { BlankForm } from '../documents/blank-form';
import { appRoot } from '../lib/app-root';
import { isStored, type FileStorage } from '../storage/file-storage';
import type { Database, Transaction } from '../db/client';
import { downloadFiles } from '../db/schema';

export interface DemoDownload {
  fileName: string;
  fileAlias: string;
  xzqdm: string;
  /** The shipped file in assets/downloads. */
  asset: string;
  form: BlankForm;
}

const PERSON_FIELDS = ['申请人姓名', '身份证件号码', '联系电话', '通讯地址'];
const UNIT_FIELDS = ['不动产坐落', '不动产单元号', '不动产权证书号'];
const SIGN_NOTE = '本表须由申请人本人签字（盖章），代理人申请的须附授权委托书。';

export const DEMO_DOWNLOADS: readonly DemoDownload[] = [
  {
    fileName: '不动产登记申请书.pdf',
    fileAlias: '不动产登记申请书',
    xzqdm: '',
    asset: 'registration-application.pdf',
    form: { title: '不动产登记申请书', fields: [...PERSON_FIELDS, ...UNIT_FIELDS, '申请登记事由', '申请人签字', '申请日期'], notes: ['请用黑色钢笔或签字笔填写，字迹工整，不得涂改。', SIGN_NOTE] },
  },
  {
    fileName: '授权委托书.pdf',
    fileAlias: '授权委托书（样表）',
    xzqdm: '',
    asset: 'power-of-attorney.pdf',
    form: {
      title: '授权委托书',
      fields: ['委托人', '委托人身份证件号码', '受托人', '受托人身份证件号码', '委托事项', '委托期限', '委托人签字', '日期'],
      notes: ['委托事项应写明具体的不动产坐落及登记类型。', '委托书须经公证或由委托人到登记大厅当面签署。'],
    },
  },
  {
    fileName: '不动产登记资料查询申请表.pdf',
    fileAlias: '不动产登记资料查询申请表',
    xzqdm: '',
    asset: 'records-query-application.pdf',
    form: {
      title: '不动产登记资料查询申请表',
      fields: [...PERSON_FIELDS, '查询目的', '查询内容', ...UNIT_FIELDS.slice(0, 1), '申请人签字'],
      notes: ['查询人须出示本人身份证件原件。', '利害关系人查询的，须提交利害关系证明材料。'],
    },
  },
  {
    fileName: '不动产权证书遗失声明.pdf',
    fileAlias: '不动产权证书遗失（灭失）声明',
    xzqdm: '',
    asset: 'certificate-loss-statement.pdf',
    form: {
      title: '不动产权证书遗失（灭失）声明',
      fields: ['权利人', '身份证件号码', ...UNIT_FIELDS, '遗失（灭失）原因', '声明人签字', '日期'],
      notes: ['声明内容须真实，因虚假声明造成的后果由声明人承担。', '遗失声明将在登记机构门户网站公告十五个工作日。'],
    },
  },
  {
    fileName: '继承（受遗赠）具结书.pdf',
    fileAlias: '继承（受遗赠）具结书',
    xzqdm: '',
    asset: 'inheritance-affidavit.pdf',
    form: {
      title: '继承（受遗赠）具结书',
      fields: ['具结人', '身份证件号码', '被继承人', '被继承人死亡时间', ...UNIT_FIELDS.slice(0, 1), '具结人签字', '日期'],
      notes: ['全部法定继承人须到场签署具结书。', '具结内容不实的，具结人承担相应法律责任。'],
    },
  },
  {
    fileName: '抵押权登记申请表.pdf',
    fileAlias: '抵押权登记申请表',
    xzqdm: '',
    asset: 'mortgage-application.pdf',
    form: {
      title: '抵押权登记申请表',
      fields: ['抵押人', '抵押权人', '被担保主债权数额', '债务履行期限', ...UNIT_FIELDS, '申请人签字'],
      notes: ['最高额抵押的，请填写最高债权额及债权确定期间。', SIGN_NOTE],
    },
  },
  {
    fileName: '邯郸市存量房交易资金监管协议（样本）.pdf',
    fileAlias: '邯郸市存量房交易资金监管协议（样本）',
    xzqdm: '130400',
    asset: 'handan-escrow-agreement.pdf',
    form: {
      title: '存量房交易资金监管协议',
      fields: ['出卖人', '买受人', '房屋坐落', '成交价格', '监管金额', '监管银行', '签订日期'],
      notes: ['本协议为样本，具体条款以签订时的文本为准。', '监管资金在办结转移登记后划转至出卖人账户。'],
    },
  },
];

/** Where the shipped files are. */
export function downloadAssetPath(asset: string): string {
  return join(appRoot(), 'assets', 'downloads', asset);
}

/** Lists the demo downloads; their files go into storage with provideDemoDownloadFiles. */
export async function seedDownloads(tx: Transaction): Promise<void> {
  await tx
    .insert(downloadFiles)
    .values(DEMO_DOWNLOADS.map((file, index) => ({ fileName: file.fileName, fileAlias: file.fileAlias, xzqdm: file.xzqdm, mime: 'application/pdf', sort: index + 1 })))
    .onConflictDoNothing();
}

/**
 * Puts each listed demo download whose file is not in this hall's storage yet (a fresh hall, or a
 * storage folder that was emptied) into storage. Safe with several processes: one key wins, another
 * process's copy is removed. Answers the shipped files that could not be read.
 */
export async function provideDemoDownloadFiles(db: Database, files: FileStorage): Promise<string[]> {
  const missing: string[] = [];
  for (const demo of DEMO_DOWNLOADS) {
    const [row] = await db.select().from(downloadFiles).where(eq(downloadFiles.fileName, demo.fileName));
    if (!row) continue;
    if (row.storageKey && (await isStored(files, row.storageKey))) continue;
    let saved;
    try {
      saved = await files.save(createReadStream(downloadAssetPath(demo.asset)));
    } catch {
      // A shipped file that is not there: the list still shows it, its download answers 404.
      missing.push(demo.asset);
      continue;
    }
    const updated = await db
      .update(downloadFiles)
      .set({ storageKey: saved.key, size: saved.size })
      .where(and(eq(downloadFiles.id, row.id), row.storageKey ? eq(downloadFiles.storageKey, row.storageKey) : isNull(downloadFiles.storageKey)))
      .returning({ id: downloadFiles.id });
    if (updated.length === 0) await files.remove(saved.key);
  }
  return missing;
}
