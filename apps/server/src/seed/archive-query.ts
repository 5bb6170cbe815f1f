import { certificateNumberText } from '@hall/domain';
import type { Transaction } from '../db/client';
import { registryCertificates } from '../db/schema';

/**
 * Demo registry certificates in the hall's own numbering (spec part 3 §2.9: 新(YYYY)第六师不动产权第N号
 * and 不动产证明第N号), so the registration property query and the archive query find something
 * for the demo owner 张三 (130402198503151231).
 */
export const DEMO_DIVISION_CERTIFICATES = [
  {
    xzqdm: '659004',
    qzh: certificateNumberText({ year: 2024, kind: '1', serial: '1234' }),
    ownerName: '张三',
    ownerIdcard: '130402198503151231',
    bdcdyh: '659004001002GB00021F00030201',
    zl: '五家渠市人民北路 88 号 3 栋 2 单元 201 室',
    yt: '住宅',
    mj: '126.40',
    extra: { mortgages: [{ dyqr: '中国农业银行五家渠分行', zgzqse: '80' }], seizures: [] },
  },
  {
    xzqdm: '659004',
    qzh: certificateNumberText({ year: 2025, kind: '2', serial: '567' }),
    ownerName: '张三',
    ownerIdcard: '130402198503151231',
    bdcdyh: '659004002005GB00107F00011502',
    zl: '五家渠市青湖路 16 号 11 栋 1 单元 502 室',
    yt: '住宅',
    mj: '89.75',
    extra: { mortgages: [], seizures: [] },
  },
];

export async function seedArchiveQuery(tx: Transaction): Promise<void> {
  await tx.insert(registryCertificates).values(DEMO_DIVISION_CERTIFICATES).onConflictDoNothing();
}
