/**
 * The demo catalogue's help at 资料上传 (spec part 2 §2, 请按照帮助提示上传资料): a hint for each
 * material, by what its name asks for, and a sample picture for the two a citizen most often gets
 * wrong (an identity card, a certificate). The pictures ship in assets/material-samples and go into
 * the hall's storage as article pictures under fixed ids, so the console edits them as any other.
 */
import { and, eq } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/client';
import { articlePictures } from '../db/schema';
import { appRoot } from '../lib/app-root';
import { isStored, type FileStorage } from '../storage/file-storage';

interface DemoSample {
  id: string;
  asset: string;
}

const ID_CARD_SAMPLE: DemoSample = { id: 'p-demo-sample-id-card', asset: 'id-card.png' };
const CERTIFICATE_SAMPLE: DemoSample = { id: 'p-demo-sample-certificate', asset: 'certificate.png' };

/** First match wins: the more particular names come before the general ones. */
const HELP: { matches: (name: string) => boolean; hint: string; sample?: DemoSample }[] = [
  { matches: (name) => name === '不动产登记申请书', hint: '可在首页“下载中心”下载申请书，填写后由申请人签字，逐页拍照上传。' },
  { matches: (name) => name.includes('身份证明'), hint: '上传身份证正反两面，四角完整、文字清晰、无反光；有多位申请人的，每人都要上传。', sample: ID_CARD_SAMPLE },
  { matches: (name) => name === '不动产权证书' || name.endsWith('登记证明'), hint: '拍摄证书（证明）记载证号的首页和附记页，整页入镜，证号清楚可读。', sample: CERTIFICATE_SAMPLE },
  { matches: (name) => name.includes('合同'), hint: '合同每一页拍一张，包括双方签字盖章的页面，按页码顺序上传。' },
  { matches: (name) => name === '营业执照', hint: '上传营业执照副本或加盖公章的复印件，统一社会信用代码清楚可读。' },
  { matches: (name) => name === '完税凭证', hint: '上传税务部门出具的完税凭证，纳税人姓名和房屋坐落清楚可读。' },
  { matches: (name) => name === '其他补充材料', hint: '没有可不上传；有其他能说明情况的材料（如结婚证、户口簿）可在此上传。' },
];

/** A demo material's hint and sample picture id ('' and null when the demo has none for it). */
export function demoMaterialHelp(name: string): { hint: string; samplePictureId: string | null } {
  const help = HELP.find((entry) => entry.matches(name));
  return { hint: help?.hint ?? '', samplePictureId: help?.sample?.id ?? null };
}

/**
 * Puts the demo sample pictures into this hall's storage when they are not there yet (a fresh hall, or
 * an emptied storage folder); a second process racing this one keeps the first row. Answers the
 * shipped files that could not be read.
 */
export async function provideDemoMaterialSamples(db: Database, files: FileStorage): Promise<string[]> {
  const missing: string[] = [];
  for (const sample of [ID_CARD_SAMPLE, CERTIFICATE_SAMPLE]) {
    const [row] = await db.select().from(articlePictures).where(eq(articlePictures.id, sample.id));
    if (row && (await isStored(files, row.storageKey))) continue;
    let saved;
    try {
      saved = await files.save(createReadStream(join(appRoot(), 'assets', 'material-samples', sample.asset)));
    } catch {
      missing.push(sample.asset);
      continue;
    }
    const written = row
      ? await db
          .update(articlePictures)
          .set({ storageKey: saved.key, size: saved.size })
          .where(and(eq(articlePictures.id, sample.id), eq(articlePictures.storageKey, row.storageKey)))
          .returning({ id: articlePictures.id })
      : await db.insert(articlePictures).values({ id: sample.id, storageKey: saved.key, mime: 'image/png', size: saved.size }).onConflictDoNothing().returning({ id: articlePictures.id });
    if (written.length === 0) await files.remove(saved.key);
  }
  return missing;
}
