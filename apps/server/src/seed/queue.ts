/**
 * Demo queue-number data (spec part 3 §2.6, §3): halls with their configuration, the business
 * groups each hands out numbers for and what each group handles, the public holidays they close on,
 * and the module's news.
 */
import type { Transaction } from '../db/client';
import { DEMO_CENTRE, DEMO_DISTRICT_HALLS } from './demo-centre';
import { queueBusinesses, queueClosedDays, queueCompanies, queueConfigs, queueGroups, queueNews } from '../db/schema';

/** The demo centre and its district halls (seed/demo-centre.ts), as queue halls. */
export const DEMO_QUEUE_COMPANIES = [DEMO_CENTRE, ...DEMO_DISTRICT_HALLS].map((hall, index) => ({
  id: `qc-${hall.district}`,
  name: hall.name,
  address: hall.address,
  worktime: hall.worktime,
  phone: hall.phone,
  sort: index + 1,
}));

/** Every hall: numbers for 09:00–17:00 by the hour, bookable up to 30 minutes before, cancellable up to 60, a week ahead. */
export const DEMO_QUEUE_CONFIGS = DEMO_QUEUE_COMPANIES.map((company) => ({
  id: `cfg-${company.id}`,
  companyId: company.id,
  strtime: '09:00',
  endtime: '17:00',
  addtime: 60,
  yuyueabovetime: 30,
  cancelyuyuetime: 60,
  yuyueday: 7,
}));

const GROUPS = [
  { key: 'a', name: '登记业务', prefix: 'A', remark: '首次、转移、变更、注销等登记', capacity: 10, businesses: ['房屋转移登记', '首次登记', '变更登记', '注销登记'] },
  { key: 'b', name: '抵押业务', prefix: 'B', remark: '抵押权设立、变更与注销', capacity: 8, businesses: ['抵押权首次登记', '抵押权注销登记', '预告登记'] },
  { key: 'c', name: '查询及领证', prefix: 'C', remark: '登记资料查询、证书领取', capacity: 12, businesses: ['不动产登记资料查询', '不动产权证书领取'] },
];

export const DEMO_QUEUE_GROUPS = DEMO_QUEUE_COMPANIES.flatMap((company) =>
  GROUPS.map((group, index) => ({ id: `${company.id}-${group.key}`, companyId: company.id, name: group.name, prefix: group.prefix, remark: group.remark, capacity: group.capacity, sort: index + 1 })),
);

export const DEMO_QUEUE_BUSINESSES = DEMO_QUEUE_COMPANIES.flatMap((company) =>
  GROUPS.flatMap((group) => group.businesses.map((name, index) => ({ id: `${company.id}-${group.key}-${index + 1}`, groupId: `${company.id}-${group.key}`, name, sort: index + 1 }))),
);

/** Public holidays on which the halls hand out no numbers (weekends are closed by rule). */
const HOLIDAYS = [
  { date: '2027-01-01', reason: '元旦' },
  { date: '2027-02-05', reason: '春节' },
  { date: '2027-02-08', reason: '春节' },
  { date: '2027-02-09', reason: '春节' },
  { date: '2027-02-10', reason: '春节' },
  { date: '2027-02-11', reason: '春节' },
  { date: '2027-04-05', reason: '清明节' },
  { date: '2027-05-03', reason: '劳动节' },
  { date: '2027-05-04', reason: '劳动节' },
  { date: '2027-05-05', reason: '劳动节' },
];

export const DEMO_QUEUE_CLOSED_DAYS = DEMO_QUEUE_COMPANIES.flatMap((company) => HOLIDAYS.map((day) => ({ companyId: company.id, closedDate: day.date, reason: day.reason })));

export const DEMO_QUEUE_NEWS = [
  { title: '网上取号服务上线', content: '市民可通过网上办事大厅提前取号，按所取时间段到大厅办理，到号后凭号码在对应窗口办理。', daysAgo: 1 },
  { title: '取号须知', content: '每位市民同一业务每天限取一个号；请在所取时间段内到达，过号需重新取号。如不能按时前来，请在时间段开始前 1 小时取消。', daysAgo: 2 },
  { title: '元旦期间服务安排', content: '元旦假期各服务大厅暂停取号，假期后首个工作日恢复正常。', daysAgo: 5 },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Seeds halls, configuration, groups, businesses and holidays; existing rows are kept. News only once. */
export async function seedQueue(tx: Transaction, now: Date): Promise<void> {
  await tx.insert(queueCompanies).values(DEMO_QUEUE_COMPANIES).onConflictDoNothing();
  await tx.insert(queueConfigs).values(DEMO_QUEUE_CONFIGS).onConflictDoNothing();
  await tx.insert(queueGroups).values(DEMO_QUEUE_GROUPS).onConflictDoNothing();
  await tx.insert(queueBusinesses).values(DEMO_QUEUE_BUSINESSES).onConflictDoNothing();
  await tx.insert(queueClosedDays).values(DEMO_QUEUE_CLOSED_DAYS).onConflictDoNothing();
  const [anyNews] = await tx.select({ id: queueNews.id }).from(queueNews).limit(1);
  if (!anyNews) await tx.insert(queueNews).values(DEMO_QUEUE_NEWS.map((news) => ({ title: news.title, content: news.content, publishedAt: new Date(now.getTime() - news.daysAgo * DAY_MS) })));
}
