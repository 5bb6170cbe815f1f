import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, simplePage } from '../../lib/html';
import { latestPhoneCode } from '../../services/session/phone-codes';
import { sentMessages } from '../../services/notifications/sent-messages';

const inboxQuery = z.object({
  phone: z.string().trim().max(20).default(''),
  format: z.enum(['html', 'json']).default('html'),
});

const TITLE = '短信收件箱（模拟）';

/** Beijing time, as a citizen reads it. */
function shownTime(date: Date): string {
  return date.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
}

/**
 * The SMS simulator's inbox (simulator mode only): the newest code sent to a phone, as a page
 * (the code in an element with data-code) or as JSON with ?format=json.
 */
export async function smsSimulatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  app.get('/simulator/sms/inbox', async (request, reply) => {
    const parsed = inboxQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).type('text/html').send(simplePage(TITLE, '<div class="card">查询参数有误。</div>'));
    const { phone, format } = parsed.data;
    const latest = phone ? await latestPhoneCode(db, phone) : null;
    const notices = phone ? await sentMessages(db, 'sms', { phone }) : [];

    if (format === 'json') {
      const messages = notices.map((notice) => ({ text: notice.text, sentAt: notice.sentAt.toISOString() }));
      if (!latest && messages.length === 0) return reply.code(404).send({ phone, code: null, sentAt: null, messages, msg: '暂无验证码' });
      return { phone, code: latest?.code ?? null, sentAt: latest?.sentAt.toISOString() ?? null, messages };
    }

    const lookup = `<form method="get" class="card"><label for="phone">手机号</label><input id="phone" name="phone" inputmode="numeric" maxlength="11" value="${escapeHtml(phone)}"><button type="submit">查看短信</button></form>`;
    const hint = '<div class="card hint">这是本地运行用的短信模拟器：办事大厅发出的短信不会真的发送，可在这里查看某个手机号收到的最新验证码（5分钟内有效，只能使用一次）和通知短信。</div>';
    if (!phone) return reply.type('text/html').send(simplePage(TITLE, hint + lookup));
    if (!latest && notices.length === 0)
      return reply
        .code(404)
        .type('text/html')
        .send(simplePage(TITLE, `${hint}<div class="card">手机号 ${escapeHtml(phone)} 暂无短信。</div>${lookup}`));
    const code = latest
      ? `<div class="card"><div class="hint">手机号 ${escapeHtml(phone)} 的最新验证码</div>
<div style="font-size:32px;letter-spacing:6px;font-weight:600;margin:8px 0" data-code="${escapeHtml(latest.code)}">${escapeHtml(latest.code)}</div>
<div class="hint">发送时间：${escapeHtml(shownTime(latest.sentAt))}</div></div>`
      : '';
    const list = notices.length
      ? `<div class="card"><div class="hint">通知短信</div>${notices
          .map((notice) => `<p data-notice>${escapeHtml(notice.text)}<br><span class="hint">${escapeHtml(shownTime(notice.sentAt))}</span></p>`)
          .join('')}</div>`
      : '';
    return reply.type('text/html').send(simplePage(TITLE, `${hint}${code}${list}${lookup}`));
  });
}
