import { QUEUE_MESSAGES } from '@hall/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queueClosedDays, queueOrders, queueTimeCounts } from '../../../src/db/schema';
import { formatShanghaiDate } from '../../../src/lib/shanghai-time';
import { testHallForFile } from '../../hall';
import { rowById } from '../../rows';

const CALLNUM = '/callnum/api';
const COMPANY = 'qc-130400';
const GROUP_A = 'qc-130400-a';
const GROUP_OTHER_HALL = 'qc-130402-a';

const hall = testHallForFile();
let first: string;
let second: string;

beforeAll(async () => {
  // Taking a number is a business call: both citizens have a complete, verified profile.
  first = await hall.quickCitizen('queue-first', { name: '张三' });
  second = await hall.quickCitizen('queue-second', { name: '李四' });
});

interface Reply<T = unknown> {
  stat: number;
  msg?: string;
  data?: T;
}
interface Order {
  id: string;
  number: string;
  resDay: string;
  resTime: string;
  state: number;
  stateName: string;
  cancellable: boolean;
  wechatid: string;
  companyName: string;
  groupName: string;
}
interface Day {
  date: string;
  week: string;
  holiday: number;
}

async function call<T>(path: string, body: object, cookie?: string) {
  const { status, body: reply } = await hall.post(`${CALLNUM}/${path}`, body, cookie);
  return { status, body: reply as unknown as Reply<T> };
}

/** An open day after today, so every time of it can still be booked whatever the clock says. */
async function laterOpenDay(): Promise<string> {
  const days = (await call<Day[]>('makeanapp/resdate', { comID: COMPANY })).body.data!;
  return days.slice(1).find((day) => day.holiday === 0)!.date;
}

function orderFields(resDay: string, resTime: string, extra: Record<string, string> = {}) {
  return { name: '张三', phone: '13812341234', remark: '带齐材料', queueid: GROUP_A, resDay, resTime, ...extra };
}

describe('halls, groups, days and the configuration', () => {
  it('comlist and list answer stat 1 and the seeded halls', async () => {
    const options = await call<{ id: string; name: string }[]>('company/comlist', {});
    expect(options.body.stat).toBe(1);
    expect(options.body.data![0]).toEqual({ id: COMPANY, name: '邯郸市不动产登记中心' });
    const list = await call<{ id: string; address: string; worktime: string }[]>('company/list', {});
    expect(list.body.data).toHaveLength(3);
    // Every demo hall has its address and hours, the same as the service sites give.
    expect(list.body.data!.find((c) => c.id === 'qc-130404')).toMatchObject({ address: '河北省邯郸市复兴区复兴路216号政务服务中心一楼', worktime: '周一至周五 09:00-17:00（中午不休息）' });
  });

  it('grouplist and sellist answer the groups of a hall and their businesses', async () => {
    const groups = await call<{ id: string; name: string; prefix: string }[]>('business/grouplist', { comID: COMPANY });
    expect(groups.body.data!.map((g) => [g.id, g.name, g.prefix])).toEqual([
      [GROUP_A, '登记业务', 'A'],
      ['qc-130400-b', '抵押业务', 'B'],
      ['qc-130400-c', '查询及领证', 'C'],
    ]);
    const businesses = await call<{ groupId: string; name: string }[]>('business/sellist', { comID: COMPANY, groupId: 'qc-130400-b' });
    expect(businesses.body.data!.map((b) => b.name)).toEqual(['抵押权首次登记', '抵押权注销登记', '预告登记']);
  });

  it('an unknown or missing hall is refused with stat 0 and a Chinese message', async () => {
    expect(await call('business/grouplist', { comID: 'nowhere' })).toEqual({ status: 400, body: { stat: 0, msg: QUEUE_MESSAGES.companyUnknown } });
    expect((await call('makeanapp/resdate', {})).body).toEqual({ stat: 0, msg: QUEUE_MESSAGES.companyRequired });
    expect((await call('system/addtime', { comID: 'x'.repeat(41) })).body.stat).toBe(0);
  });

  it('addtime answers the configuration', async () => {
    const { body } = await call('system/addtime', { comID: COMPANY });
    expect(body).toEqual({
      stat: 1,
      data: { id: 'cfg-qc-130400', comID: COMPANY, strtime: '09:00', endtime: '17:00', addtime: 60, yuyueabovetime: 30, cancelyuyuetime: 60, yuyueday: 7 },
    });
  });

  it('resdate lists yuyueday days from today, weekends and listed holidays closed', async () => {
    const before = (await call<Day[]>('makeanapp/resdate', { comID: COMPANY })).body.data!;
    expect(before).toHaveLength(7);
    expect(before[0]!.date).toBe(formatShanghaiDate(new Date()));
    for (const day of before) {
      const weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
      expect(day.holiday).toBe(weekday === 0 || weekday === 6 ? 1 : 0);
    }
    const open = before.slice(1).find((day) => day.holiday === 0)!;
    await hall.connection.db.insert(queueClosedDays).values({ companyId: 'qc-130402', closedDate: open.date, reason: '测试' });
    const other = (await call<Day[]>('makeanapp/resdate', { comID: 'qc-130402' })).body.data!;
    expect(other.find((day) => day.date === open.date)!.holiday).toBe(1);
    const numbers = (await call<{ date: string; left: number; total: number }[]>('makeanapp/datanum', { comID: 'qc-130402', groupId: GROUP_OTHER_HALL })).body.data!;
    expect(numbers.find((day) => day.date === open.date)).toEqual({ date: open.date, holiday: 1, total: 0, left: 0 });
    expect(await call('makeanapp/timenum', { comID: 'qc-130402', groupId: GROUP_OTHER_HALL, aboutDate: open.date })).toEqual({ status: 400, body: { stat: 0, msg: QUEUE_MESSAGES.dayClosed } });
  });

  it('timenum lists 8 times of 10 numbers; aboutTime narrows it; a day out of range is refused', async () => {
    const day = await laterOpenDay();
    const times = (await call<{ time: string; total: number; left: number; bookable: boolean }[]>('makeanapp/timenum', { comID: COMPANY, groupId: GROUP_A, aboutDate: day })).body.data!;
    expect(times.map((t) => t.time)).toEqual(['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00']);
    expect(times.every((t) => t.total === 10 && t.left === 10 && t.bookable)).toBe(true);
    const one = await call('makeanapp/timenum', { comID: COMPANY, groupId: GROUP_A, aboutDate: day, aboutTime: '14:00-15:00' });
    expect(one.body.data).toEqual([{ time: '14:00-15:00', total: 10, left: 10, bookable: true }]);
    expect((await call('makeanapp/timenum', { comID: COMPANY, groupId: GROUP_A, aboutDate: '2020-01-06' })).body).toEqual({ stat: 0, msg: QUEUE_MESSAGES.dayOutOfRange });
    expect((await call('makeanapp/timenum', { comID: COMPANY, groupId: GROUP_OTHER_HALL, aboutDate: day })).body).toEqual({ stat: 0, msg: QUEUE_MESSAGES.groupUnknown });
  });

  it('newslist answers the news, newest first', async () => {
    const { body } = await call<{ title: string }[]>('system/newslist', {});
    expect(body.stat).toBe(1);
    expect(body.data![0]!.title).toBe('网上取号服务上线');
  });
});

describe('order/add, list, cancel and count', () => {
  it('takes a number for the session citizen: stat 1, A001, counted in the numbers left', async () => {
    const day = await laterOpenDay();
    const { status, body } = await call<Order>('order/add', orderFields(day, '09:00-10:00', { wechatid: 'queue-first' }), first);
    expect(status).toBe(200);
    expect(body.stat).toBe(1);
    expect(body.data).toMatchObject({
      number: 'A001',
      resDay: day,
      resTime: '09:00-10:00',
      state: 1,
      stateName: '待办理',
      cancellable: true,
      wechatid: 'queue-first',
      companyName: '邯郸市不动产登记中心',
      groupName: '登记业务',
    });
    const left = (await call<{ left: number }[]>('makeanapp/timenum', { comID: COMPANY, groupId: GROUP_A, aboutDate: day, aboutTime: '09:00-10:00' })).body.data!;
    expect(left[0]!.left).toBe(9);
    const second = await call<Order>('order/add', orderFields(day, '10:00-11:00', { queueid: 'qc-130400-b' }), first);
    expect(second.body.data!.number).toBe('B001');
  });

  it('refuses a second number of the same citizen, group and day, and changes nothing', async () => {
    const day = await laterOpenDay();
    const again = await call('order/add', orderFields(day, '11:00-12:00'), first);
    expect(again).toEqual({ status: 409, body: { stat: 0, msg: QUEUE_MESSAGES.alreadyQueued } });
    const [row] = await hall.connection.db
      .select()
      .from(queueTimeCounts)
      .where(and(eq(queueTimeCounts.groupId, GROUP_A), eq(queueTimeCounts.resDay, day), eq(queueTimeCounts.resTime, '11:00-12:00')));
    expect(row?.countNum ?? 0).toBe(0);
  });

  it('checks the form in order and refuses unknown times, closed days and someone else’s identity', async () => {
    const day = await laterOpenDay();
    expect((await call('order/add', orderFields(day, '09:00-10:00', { queueid: '' }), second)).body).toEqual({ stat: 0, msg: QUEUE_MESSAGES.groupRequired });
    expect((await call('order/add', orderFields('', '09:00-10:00'), second)).body.msg).toBe(QUEUE_MESSAGES.dayRequired);
    expect((await call('order/add', orderFields(day, ''), second)).body.msg).toBe(QUEUE_MESSAGES.timeRequired);
    expect((await call('order/add', orderFields(day, '09:00-10:00', { name: ' ' }), second)).body.msg).toBe(QUEUE_MESSAGES.nameRequired);
    expect((await call('order/add', orderFields(day, '09:00-10:00', { phone: '1234' }), second)).body.msg).toBe('请输入正确的手机号');
    expect((await call('order/add', orderFields(day, '08:00-09:00'), second)).body.msg).toBe(QUEUE_MESSAGES.timeUnknown);
    const saturday = (await call<Day[]>('makeanapp/resdate', { comID: COMPANY })).body.data!.find((d) => d.holiday === 1)!.date;
    expect((await call('order/add', orderFields(saturday, '09:00-10:00'), second)).body.msg).toBe(QUEUE_MESSAGES.dayClosed);
    expect(await call('order/add', orderFields(day, '09:00-10:00', { wechatid: 'queue-first' }), second)).toEqual({ status: 403, body: { stat: 0, msg: '身份信息不一致，请重新进入办事大厅' } });
    expect((await call('order/add', orderFields(day, '09:00-10:00'))).status).toBe(401);
    expect(await hall.connection.db.select().from(queueOrders).where(eq(queueOrders.openid, 'queue-second'))).toEqual([]);
  });

  it('a second citizen can neither see nor cancel the first one’s orders', async () => {
    const mine = (await call<Order[]>('order/list', {}, first)).body.data!;
    expect(mine).toHaveLength(2);
    expect((await call<Order[]>('order/list', {}, second)).body).toEqual({ stat: 1, data: [] });
    expect(await call('order/cancle', { id: mine[0]!.id }, second)).toEqual({ status: 404, body: { stat: 0, msg: QUEUE_MESSAGES.orderUnknown } });
    expect(await call('order/list', { openid: 'queue-second' }, first)).toMatchObject({ status: 403 });
    expect((await call('order/count', {}, second)).body).toEqual({ stat: 1, data: { total: 0, valid: 0 } });
    const still = (await call<Order[]>('order/list', {}, first)).body.data!;
    expect(still.every((order) => order.state === 1)).toBe(true);
  });

  it('the owner cancels before the deadline: state 2, the place given back, and not twice', async () => {
    const [order] = (await call<Order[]>('order/list', {}, first)).body.data!.filter((o) => o.number === 'A001');
    const { body } = await call<Order>('order/cancle', { id: order!.id }, first);
    expect(body).toMatchObject({ stat: 1, data: { id: order!.id, state: 2, stateName: '已取消', cancellable: false } });
    const left = (await call<{ left: number }[]>('makeanapp/timenum', { comID: COMPANY, groupId: GROUP_A, aboutDate: order!.resDay, aboutTime: order!.resTime })).body.data!;
    expect(left[0]!.left).toBe(10);
    expect(await call('order/cancle', { id: order!.id }, first)).toEqual({ status: 409, body: { stat: 0, msg: QUEUE_MESSAGES.alreadyCancelled } });
    expect((await call('order/count', {}, first)).body).toEqual({ stat: 1, data: { total: 2, valid: 1 } });
    // A cancelled number frees the day: the citizen may take a new one, with a new serial.
    const again = await call<Order>('order/add', orderFields(order!.resDay, '13:00-14:00'), first);
    expect(again.body.data!.number).toBe('A002');
  });

  it('refuses to cancel within cancelyuyuetime (60 minutes) of the time', async () => {
    const day = await laterOpenDay();
    const { body } = await call<Order>('order/add', orderFields(day, '15:00-16:00', { queueid: 'qc-130400-c' }), first);
    // The order's time moved to start in 30 minutes: inside the 60-minute deadline.
    const soon = new Date(Date.now() + 30 * 60_000);
    const shanghai = new Date(soon.getTime() + 8 * 3_600_000).toISOString();
    await hall.connection.db
      .update(queueOrders)
      .set({ resDay: shanghai.slice(0, 10), resTime: `${shanghai.slice(11, 16)}-23:59` })
      .where(eq(queueOrders.id, Number(body.data!.id)));
    const listed = (await call<Order[]>('order/list', {}, first)).body.data!.find((o) => o.id === body.data!.id)!;
    expect(listed.cancellable).toBe(false);
    expect(await call('order/cancle', { id: body.data!.id }, first)).toEqual({ status: 400, body: { stat: 0, msg: QUEUE_MESSAGES.cancelTooLate } });
    const row = await rowById(hall, queueOrders, body.data!.id);
    expect(row!.state).toBe(1);
  });
});

describe('a number the counter has', () => {
  it('cannot be cancelled once called, served or passed: the state follows the call, the place stays taken and no second number is given', async () => {
    const citizen = await hall.quickCitizen('queue-called', { name: '赵六' });
    const day = await laterOpenDay();
    const { body } = await call<Order>('order/add', orderFields(day, '14:00-15:00', { name: '赵六' }), citizen);
    const id = body.data!.id;
    const taken = async () => {
      const [row] = await hall.connection.db
        .select()
        .from(queueTimeCounts)
        .where(and(eq(queueTimeCounts.groupId, GROUP_A), eq(queueTimeCounts.resDay, day), eq(queueTimeCounts.resTime, '14:00-15:00')));
      return row!.countNum;
    };
    const placesTaken = await taken();
    for (const [callState, callWindow, stateName] of [
      ['called', 3, '已叫号'],
      ['serving', 3, '办理中'],
      ['skipped', 3, '已过号'],
      ['done', 3, '已办结'],
    ] as const) {
      await hall.connection.db
        .update(queueOrders)
        .set({ callState, callWindow })
        .where(eq(queueOrders.id, Number(id)));
      const listed = (await call<Order[]>('order/list', {}, citizen)).body.data!.find((order) => order.id === id)!;
      expect(listed, callState).toMatchObject({ state: 1, stateName, cancellable: false });
      expect(await call('order/cancle', { id }, citizen), callState).toEqual({ status: 409, body: { stat: 0, msg: QUEUE_MESSAGES.cancelCalled } });
      expect(await rowById(hall, queueOrders, id), callState).toMatchObject({ state: 1, callState, cancelledAt: null });
      expect(await taken()).toBe(placesTaken);
      expect(await call('order/add', orderFields(day, '15:00-16:00', { name: '赵六' }), citizen), callState).toEqual({ status: 409, body: { stat: 0, msg: QUEUE_MESSAGES.alreadyQueued } });
    }
    expect((await call('order/count', {}, citizen)).body).toEqual({ stat: 1, data: { total: 1, valid: 1 } });
  });
});

describe('numbers under load', () => {
  it('50 citizens taking a number for a time of 10 at once: exactly 10 succeed with distinct numbers', async () => {
    const day = await laterOpenDay();
    const cookies = await Promise.all(Array.from({ length: 50 }, (_, i) => hall.quickCitizen(`queue-load-${i}`)));
    const replies = await Promise.all(cookies.map((cookie) => call<Order>('order/add', orderFields(day, '16:00-17:00'), cookie)));
    const won = replies.filter((r) => r.body.stat === 1);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((r) => r.body.data!.number)).size).toBe(10);
    for (const lost of replies.filter((r) => r.body.stat !== 1)) expect(lost).toEqual({ status: 409, body: { stat: 0, msg: QUEUE_MESSAGES.timeFull } });
    const [count] = await hall.connection.db
      .select()
      .from(queueTimeCounts)
      .where(and(eq(queueTimeCounts.groupId, GROUP_A), eq(queueTimeCounts.resDay, day), eq(queueTimeCounts.resTime, '16:00-17:00')));
    expect(count!.countNum).toBe(10);
    const orders = await hall.connection.db
      .select()
      .from(queueOrders)
      .where(and(eq(queueOrders.groupId, GROUP_A), eq(queueOrders.resDay, day), eq(queueOrders.resTime, '16:00-17:00')));
    expect(orders).toHaveLength(10);
  });
});
