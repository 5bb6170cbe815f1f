import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { OWNER, verifiedCitizen } from './identity';
import { steadyScreenshots } from './steady-screenshots';
import { png } from './png';
import { acknowledge, finishSubmission, startApplication } from './application-steps';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';
const GUIDE = `/apply?id=pd-700-23&name=${encodeURIComponent(BUSINESS)}&djlx=700&qllx=23&code=YDYDJ&appointment=1`;
const APPOINTMENT = '/online/public/appointment';
const AREA = { id: 'ap-659000-1', name: '石河子市不动产登记中心' };
const PROCESS = { id: 'ap-659000-1-p1', name: '一般登记窗口' };
/** An afternoon slot: six places, so six other citizens fill it. */
const AFTERNOON = '14:00-15:00';
const MORNING = '09:00-10:00';
const SLOT_FULL = '该时间段预约已满，请选择其他时间段！';

/** The quick way to a submitted appointment-only case: the guide, 资料上传 with every starred material, the detail page, 提交. */
async function submitAppointmentCase(page: Page): Promise<string> {
  const slsqId = (await startApplication(page, GUIDE, '/upload')).get('slsqId')!;
  const sections = page.locator('section.hall-upload__material');
  await sections.first().waitFor();
  const starred = await sections.evaluateAll((nodes) => nodes.filter((node) => node.querySelector('.hall-upload__star')).map((node) => node.getAttribute('aria-label') ?? ''));
  for (const name of starred) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `上传${name}` }).click();
    await (await chooser).setFiles({ name: 'picture.png', mimeType: 'image/png', buffer: png([60, 140, 220]) });
    await page.getByRole('button', { name: `查看${name}第1张` }).waitFor();
  }
  await page.getByRole('button', { name: '下一步' }).click();
  await page.waitForURL((url) => url.pathname === '/applyDetailYdy');
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定提交该申请吗？' }).getByRole('button', { name: '确定' }).click();
  await finishSubmission(page);
  await page.waitForURL((url) => url.pathname === '/prodoing');
  return slsqId;
}

interface Day {
  calendarId: string;
  calendar: string;
  timeClass: string;
  holiday: number;
}
interface Slot {
  timeId: string;
  timeName: string;
  maxNum: number;
  countNum: number;
}

/** The first full open day of the site, and its slots for the business, read from the public calls. */
async function firstFullDay(context: BrowserContext): Promise<{ day: Day; slots: Slot[] }> {
  const days = (await (await context.request.get(`${hall.origin}${APPOINTMENT}/calendars/${AREA.id}`)).json()) as Day[];
  const day = days.find((d) => d.holiday === 0 && d.timeClass === '1')!;
  const slots = (await (await context.request.get(`${hall.origin}${APPOINTMENT}/counts/${day.calendarId}/${day.timeClass}/${PROCESS.id}`)).json()) as Slot[];
  return { day, slots };
}

/** Another verified citizen with a submitted case, ready to book through the API with their own session. */
async function otherCitizen(index: number): Promise<{ context: BrowserContext; book: (day: Day, slot: Slot) => Promise<{ state: number; msg?: string }> }> {
  const { context, page } = await verifiedCitizen(hall, 'appointment', `e2e-yuyue-other-${index}`, `市民${index}`);
  await submitAppointmentCase(page);
  const list = (await (await context.request.post(`${hall.origin}/online/wx/apilist/getYuyueApplyList`, { data: { reqseq: 'e2e' } })).json()) as { data: { prolsh: string }[] };
  const prolsh = list.data[0]!.prolsh;
  await page.close();
  return {
    context,
    async book(day, slot) {
      const response = await context.request.post(`${hall.origin}${APPOINTMENT}/addByWlsh/`, {
        form: { area: AREA.id, process: PROCESS.id, calendar: day.calendarId, time: slot.timeId, wlsh: prolsh, xzqdm: '659000' },
      });
      return (await response.json()) as { state: number; msg?: string };
    },
  };
}

describe('online appointment', () => {
  it('a verified citizen books a counter slot for a submitted case: cascading selectors, a slot filled meanwhile refused, the success message, records and detail', async () => {
    const shot = steadyScreenshots('appointment');

    // Six other citizens, each with a submitted case; five of them book the afternoon slot now.
    const others = [];
    for (let index = 1; index <= 6; index++) others.push(await otherCitizen(index));
    const { day, slots } = await firstFullDay(others[0]!.context);
    const afternoon = slots.find((s) => s.timeName === AFTERNOON)!;
    expect(afternoon.maxNum).toBe(6);
    for (const other of others.slice(0, 5)) expect(await other.book(day, afternoon)).toMatchObject({ state: 1 });

    const { context, page } = await verifiedCitizen(hall, 'appointment', 'e2e-yuyue', '周先生');
    const slsqId = await submitAppointmentCase(page);

    // /yuyue lists the submitted case with 预约.
    await page.goto('/yuyue');
    await page.getByRole('heading', { name: '在线预约' }).waitFor();
    const entry = page.getByRole('article', { name: BUSINESS });
    await entry.waitFor();
    const prolsh = (await entry.getByText(/HD\d+/).textContent())!.trim();
    await entry.getByText('业务类型：').waitFor();
    await shot(page, 'list');
    // 预约 is a finger's target: 44 px tall at least.
    const action = await entry.getByRole('link', { name: '预约' }).boundingBox();
    expect(action!.height).toBeGreaterThanOrEqual(44);
    await entry.getByRole('link', { name: '预约' }).click();
    await page.waitForURL((url) => url.pathname === '/yuyueForm');
    const query = new URL(page.url()).searchParams;
    expect(query.get('proinstid')).toBe(slsqId);
    expect(query.get('prolsh')).toBe(prolsh);

    // Read-only applicant fields; each selector waits for the one above.
    await page.getByRole('heading', { name: '预约单' }).waitFor();
    await page.getByText(prolsh).waitFor();
    await page.getByText('1304**********1231').waitFor();
    const site = page.getByLabel('办理地点');
    const business = page.getByLabel('办理业务');
    const date = page.getByLabel('办理日期');
    const time = page.getByLabel('办理时间');
    await expect.poll(() => site.locator('option').count()).toBeGreaterThan(1);
    expect([await site.isEnabled(), await business.isEnabled(), await date.isEnabled(), await time.isEnabled()]).toEqual([true, false, false, false]);
    await shot(page, 'form');

    // 预约 with nothing chosen: the first validation message.
    await page.getByRole('button', { name: '预约' }).click();
    await acknowledge(page, '办理地点不能为空');

    await site.selectOption({ label: AREA.name });
    await expect.poll(() => business.isEnabled()).toBe(true);
    expect([await date.isEnabled(), await time.isEnabled()]).toEqual([false, false]);
    await page.getByRole('button', { name: '预约' }).click();
    await acknowledge(page, '办理业务不能为空');
    await business.selectOption({ label: PROCESS.name });
    await expect.poll(() => date.isEnabled()).toBe(true);
    expect(await time.isEnabled()).toBe(false);
    // Dates carry their weekday.
    const dateLabel = (await date.locator(`option[value="${day.calendarId}"]`).textContent())!;
    expect(dateLabel).toMatch(new RegExp(`^${day.calendar} 星期[一二三四五]$`));
    await date.selectOption(day.calendarId);
    await expect.poll(() => time.isEnabled()).toBe(true);
    // The afternoon slot has one place left; the morning one all ten.
    await expect.poll(() => time.locator(`option[value="${afternoon.timeId}"]`).textContent()).toBe(`${AFTERNOON} 剩余1`);
    const morning = slots.find((s) => s.timeName === MORNING)!;
    expect(await time.locator(`option[value="${morning.timeId}"]`).textContent()).toBe(`${MORNING} 剩余10`);
    await time.selectOption(afternoon.timeId);
    await shot(page, 'chosen');

    // Changing the site clears everything below it.
    await site.selectOption({ label: '五家渠市不动产登记服务大厅' });
    await expect.poll(() => business.inputValue()).toBe('');
    expect([await date.inputValue(), await time.inputValue(), await date.isEnabled(), await time.isEnabled()]).toEqual(['', '', false, false]);
    await site.selectOption({ label: AREA.name });
    await expect.poll(() => business.isEnabled()).toBe(true);
    await business.selectOption({ label: PROCESS.name });
    await expect.poll(() => date.isEnabled()).toBe(true);
    await date.selectOption(day.calendarId);
    await expect.poll(() => time.locator(`option[value="${afternoon.timeId}"]`).textContent()).toBe(`${AFTERNOON} 剩余1`);
    await time.selectOption(afternoon.timeId);

    // The last place goes to the sixth citizen meanwhile: the booking is refused, and the slot now reads full.
    expect(await others[5]!.book(day, afternoon)).toMatchObject({ state: 1 });
    await page.getByRole('button', { name: '预约' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定要申请吗?' });
    await ask.waitFor();
    await ask.getByText('在线预约').waitFor();
    await shot(page, 'confirm');
    await ask.getByRole('button', { name: '确定' }).click();
    const refused = page.getByRole('dialog').filter({ hasText: SLOT_FULL });
    await refused.waitFor();
    await refused.getByText('提示').waitFor();
    await shot(page, 'slot-full');
    await refused.getByRole('button', { name: '确定' }).click();
    await refused.waitFor({ state: 'detached' });
    await expect.poll(() => time.locator(`option[value="${afternoon.timeId}"]`).textContent()).toBe(`${AFTERNOON} 剩余0`);
    expect(await time.locator(`option[value="${afternoon.timeId}"]`).isDisabled()).toBe(true);

    // The morning slot instead: confirm, the server's success message, and the button is gone.
    await time.selectOption(morning.timeId);
    await page.getByRole('button', { name: '预约' }).click();
    await page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
    const success = `您申请的业务${prolsh}已预约成功，预约时间为${day.calendar} ${MORNING},稍后我们将以手机短信通知`;
    const done = page.getByRole('dialog').filter({ hasText: success });
    await done.waitFor();
    await shot(page, 'booked');
    await done.getByRole('button', { name: '确定' }).click();
    await done.waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: '预约' }).count()).resolves.toBe(0);
    await shot(page, 'button-gone');

    // The promised SMS: the booking's notification reaches the SMS stand-in's inbox of the profile's phone.
    await expect
      .poll(
        async () => {
          await page.goto(`/simulator/sms/inbox?phone=${OWNER.phone}`);
          return page
            .locator('[data-notice]')
            .filter({ hasText: `预约成功` })
            .filter({ hasText: `申请编号${prolsh}` })
            .count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    await expect(
      page
        .locator('[data-notice]')
        .filter({ hasText: `预约成功` })
        .filter({ hasText: `申请编号${prolsh}` })
        .textContent(),
    ).resolves.toContain(`【不动产登记网上办事大厅】预约成功：您已成功预约${day.calendar} ${MORNING}`);
    await shot(page, 'sms-inbox');

    // The list now offers 查看预约单.
    await page.goto('/yuyue');
    await page.getByRole('article', { name: BUSINESS }).getByRole('link', { name: '查看预约单' }).waitFor();
    // So does 我的申请: a booked case no longer offers 点击预约.
    await page.goto('/prodoing?itemIndex=1');
    const mine = page.getByRole('list', { name: '待审核的申请' }).getByRole('listitem').filter({ hasText: prolsh });
    await mine.getByText('查看预约单').waitFor();
    await expect(mine.getByText('点击预约').count()).resolves.toBe(0);

    // /yuyueRecord lists the order; tapping it opens the detail with the chosen time.
    await page.goto('/yuyueRecord');
    const record = page.getByRole('link').filter({ hasText: prolsh });
    await record.waitFor();
    await record.getByText(`${day.calendar} ${MORNING}`).waitFor();
    await record.getByText(/申请时间：\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
    await shot(page, 'records');
    await record.click();
    await page.waitForURL((url) => url.pathname === '/yuyueDetail' && url.searchParams.has('orderid'));
    const detail = page.getByRole('definition');
    await detail.filter({ hasText: `${day.calendar} ${MORNING}` }).waitFor();
    await detail.filter({ hasText: PROCESS.name }).waitFor();
    await detail.filter({ hasText: AREA.name }).waitFor();
    await detail.filter({ hasText: prolsh }).waitFor();
    await detail.filter({ hasText: '1304**********1231' }).waitFor();
    await shot(page, 'detail');

    // Until the deadline before the slot the order can be moved to another free slot, and cancelled:
    // the place goes back and the case can be booked again.
    await page.getByText(/前可取消或改约$/).waitFor();
    await page.getByRole('button', { name: '改约' }).click();
    await page.waitForURL((url) => url.pathname === '/yuyueForm' && url.searchParams.has('orderid'));
    await page.getByRole('heading', { name: '改约' }).waitFor();
    const later = slots.find((s) => s.timeName !== MORNING && s.timeName !== AFTERNOON)!;
    await expect.poll(() => site.locator('option').count()).toBeGreaterThan(1);
    await site.selectOption({ label: AREA.name });
    await expect.poll(() => business.isEnabled()).toBe(true);
    await business.selectOption({ label: PROCESS.name });
    await expect.poll(() => date.isEnabled()).toBe(true);
    await date.selectOption(day.calendarId);
    await expect.poll(() => time.locator(`option[value="${later.timeId}"]`).count()).toBe(1);
    await time.selectOption(later.timeId);
    await page.getByRole('button', { name: '确认改约' }).click();
    const moveAsk = page.getByRole('dialog').filter({ hasText: `确定将预约改到 ${day.calendar} ${later.timeName} 吗？` });
    await moveAsk.waitFor();
    await shot(page, 'move-confirm');
    await moveAsk.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/yuyueDetail');
    await detail.filter({ hasText: `${day.calendar} ${later.timeName}` }).waitFor();
    await shot(page, 'moved');
    const counts = async () => (await (await context.request.get(`${hall.origin}${APPOINTMENT}/counts/${day.calendarId}/${day.timeClass}/${PROCESS.id}`)).json()) as Slot[];
    const countOf = async (timeName: string) => (await counts()).find((s) => s.timeName === timeName)!.countNum;
    expect([await countOf(MORNING), await countOf(later.timeName)]).toEqual([0, later.countNum + 1]);

    await page.getByRole('button', { name: '取消预约' }).click();
    const cancelAsk = page.getByRole('dialog').filter({ hasText: '确定要取消该预约吗？取消后名额将释放给其他市民。' });
    await cancelAsk.waitFor();
    await shot(page, 'cancel-confirm');
    await cancelAsk.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/yuyueRecord');
    await expect.poll(() => page.getByRole('link').filter({ hasText: prolsh }).count()).toBe(0);
    expect(await countOf(later.timeName)).toBe(later.countNum);
    await page.goto('/yuyue');
    await page.getByRole('article', { name: BUSINESS }).getByRole('link', { name: '预约' }).waitFor();
    await shot(page, 'bookable-again');

    for (const other of others) await other.context.close();
    await context.close();
  }, 400_000);
});
