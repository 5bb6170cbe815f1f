import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueue, ReviewQueueItem } from '@hall/api';
import { reviewStageStatus } from '@hall/domain';
import { applications } from '../../src/db/schema';
import { DEMO_BUSINESSES } from '../../src/seed/apply-catalogue';
import { caseColumns } from '../application-helpers';
import { otherClientForFile, testHallForFile } from '../hall';
import { statementsWhile } from '../statement-count';
import { callHall } from '../call';
import { contract } from '@hall/api';

// The review queues a process keeps (services/review readReviewQueues, db/kept-read.ts): read again
// only once their version (kept_read_versions, review_queue) has moved, which the triggers of the
// migrations move at the commit of every change the queues show. The changes here are made by a client of their own, as another server process or
// an administrator's statement would make them: nothing in this process is told.

const hall = testHallForFile();
const other = otherClientForFile(hall);
const SURVEY = reviewStageStatus('cadastralSurvey');
const ACCEPTANCE = reviewStageStatus('acceptance');
let reviewer = '';
const ids: number[] = [];

beforeAll(async () => {
  reviewer = await hall.quickOperator('kept-reviewer', ['reviewer']);
  await hall.quickCitizen('kept-owner', { name: '赵六' });
  const rows = await hall.connection.db
    .insert(applications)
    .values(
      Array.from({ length: 3 }, (_, n) => ({
        ...caseColumns('kept-owner'),
        name: `保留申请${n + 1}`,
        slbh: `SLKEPT-${n}`,
        shzt: n < 2 ? SURVEY : -1,
        submittedAt: n < 2 ? new Date(Date.UTC(2026, 10, 21, 1, n)) : null,
      })),
    )
    .returning({ id: applications.id });
  ids.push(...rows.map((row) => row.id));
});

const ask = async () => {
  const { status, body } = await callHall(hall, contract.getReviewList, { reqseq: 'k' }, reviewer);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.lists;
};
const itemsAt = (lists: ReviewQueue[], stage: ReviewQueue['stage']) => lists.find((queue) => queue.stage === stage)!.items;
const item = (lists: ReviewQueue[], id: number): ReviewQueueItem | undefined => lists.flatMap((queue) => queue.items).find((entry) => entry.id === String(id));
/** The page statements sent while asking: 0 when the kept queues answered. */
const pageReadsWhileAsking = async () => {
  const { result, statements } = await statementsWhile(hall.connection, 'hall_review_queue_page', ask);
  return { lists: result, pageReads: statements };
};

describe('the review queues kept by a process', () => {
  it('asked again with nothing changed: answered from what this process keeps, the version read once', async () => {
    const first = await ask();
    expect(itemsAt(first, 'cadastralSurvey').map((entry) => entry.name)).toEqual(['保留申请1', '保留申请2']);
    const again = await statementsWhile(hall.connection, 'hall_review_queue_version', pageReadsWhileAsking);
    expect(again.result.pageReads).toBe(0);
    expect(again.statements).toBe(1);
    expect(again.result.lists).toEqual(first);
  });

  it('a change to an application that is in no queue (a draft) leaves the kept queues as they are', async () => {
    await ask();
    await other.query('UPDATE applications SET name = $1 WHERE id = $2', ['草稿改名', ids[2]]);
    expect((await pageReadsWhileAsking()).pageReads).toBe(0);
  });

  it('each change the queues show is seen at the next ask, made by another client', async () => {
    await ask();
    const changes: Array<[string, string, (lists: ReviewQueue[]) => unknown, unknown]> = [
      ['an application renamed', `UPDATE applications SET name = '保留申请一' WHERE id = ${ids[0]}`, (lists) => item(lists, ids[0]!)?.name, '保留申请一'],
      ['an opinion written', `UPDATE applications SET sh_qjdc_yj = '界址不清' WHERE id = ${ids[0]}`, (lists) => item(lists, ids[0]!)?.pro_slxmsh.sh_qjdc_yj, '界址不清'],
      ['a draft submitted', `UPDATE applications SET shzt = ${SURVEY}, submitted_at = '2026-11-21T01:05:00Z' WHERE id = ${ids[2]}`, (lists) => item(lists, ids[2]!)?.name, '草稿改名'],
      ['passed to the next stage', `UPDATE applications SET shzt = ${ACCEPTANCE} WHERE id = ${ids[1]}`, (lists) => itemsAt(lists, 'acceptance').map((entry) => entry.id), [String(ids[1])]],
      ['an applicant added', `INSERT INTO applicants (application_id, sqr_name, sqr_lx) VALUES (${ids[0]}, '钱七', '0')`, (lists) => item(lists, ids[0]!)?.sqr_names, ['钱七']],
      ['the filer renamed', `UPDATE users SET name = '赵六六' WHERE openid = 'kept-owner'`, (lists) => item(lists, ids[0]!)?.user_name, '赵六六'],
      ['the business renamed', `UPDATE businesses SET prodef_name = '改名的业务' WHERE id = '${DEMO_BUSINESSES[0]!.id}'`, (lists) => item(lists, ids[0]!)?.business_name, '改名的业务'],
      ['an application deleted', `DELETE FROM applications WHERE id = ${ids[2]}`, (lists) => item(lists, ids[2]!), undefined],
    ];
    for (const [change, statement, read, expected] of changes) {
      await other.query(statement);
      expect(read(await ask()), change).toEqual(expected);
    }
  });

  it('a change not yet committed is not seen, and is seen once it commits', async () => {
    await ask();
    await other.query('BEGIN');
    await other.query('UPDATE applications SET name = $1 WHERE id = $2', ['提交前的名字', ids[0]]);
    expect(item(await ask(), ids[0]!)?.name).toBe('保留申请一');
    await other.query('COMMIT');
    expect(item(await ask(), ids[0]!)?.name).toBe('提交前的名字');
  });
});
