import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackItem } from '@hall/api';
import { otherClientForFile, testHallForFile } from '../../hall';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

// A citizen's feedback list asked for again and again: it was once kept by the process while its rows
// were unchanged, and is now made afresh each time (docs/decisions/012-one-caching-scheme.md); either way
// each change must show at the next ask. The changes here are made by a client of their own, as another
// server process (the counter's reply, say) would make them: nothing in this process is told.

const hall = testHallForFile();
const other = otherClientForFile(hall);
let writer = '';

beforeAll(async () => {
  writer = await hall.quickCitizen('feedback-kept-writer');
});

const list = async (cookie = writer) => {
  const { status, body } = await callHall(hall, contract.getFeedBackListPage, { reqseq: 'k' }, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as FeedbackItem[];
};
const write = async (content: string) => {
  const { status, body } = await callHall(hall, contract.sendSaveFeedback, { content }, writer);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.id;
};

describe("a citizen's feedback list kept by the process", () => {
  it('asked again with nothing changed: the same list; each change is seen at the next ask', async () => {
    const first = await write('大厅的座椅太少。');
    expect((await list()).map((item) => item.yjnrstr)).toEqual(['大厅的座椅太少。']);
    expect(await list()).toEqual(await list());

    // The counter replies from another process.
    await other.query(`UPDATE feedback SET reply = '已增加座椅。', status = 1, replied_at = now() WHERE id = $1`, [first]);
    expect((await list())[0]).toMatchObject({ fknrstr: '已增加座椅。', status: 1 });

    // Written through this process, and straight into the database by another.
    await write('希望周末也能办理。');
    expect((await list()).map((item) => item.yjnrstr)).toEqual(['希望周末也能办理。', '大厅的座椅太少。']);
    await other.query(`INSERT INTO feedback (openid, content, created_at) VALUES ('feedback-kept-writer', '停车位不够。', now() + interval '1 minute')`);
    expect((await list()).map((item) => item.yjnrstr)).toEqual(['停车位不够。', '希望周末也能办理。', '大厅的座椅太少。']);

    await other.query('DELETE FROM feedback WHERE id = $1', [first]);
    expect((await list()).map((item) => item.yjnrstr)).toEqual(['停车位不够。', '希望周末也能办理。']);
  });

  it("another citizen's list is their own", async () => {
    await list();
    const reader = await hall.quickCitizen('feedback-kept-reader');
    expect(await list(reader)).toEqual([]);
  });
});
