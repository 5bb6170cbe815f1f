import { FACE_CHECK_FAILURES, maskIdNumber, type FaceCheckFailure } from '@hall/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SIMULATED_FAILURE_CODES } from '../../adapters/faceid/failure-codes';
import { FACE_SIMULATOR_PATH } from '../../adapters/faceid/simulator';
import { escapeHtml, simplePage } from '../../lib/html';
import { decideSimulatedFaceCheck, openFaceCheck } from '../../services/session/face-checks';

const TITLE = '人脸核身（模拟）';
const tokenQuery = z.object({ BizToken: z.string().trim().min(1).max(128) });
/** The ways a simulated check ends: 认证通过, a failure for each reason the hall words, or one with no known code. */
const FAILURES = Object.keys(SIMULATED_FAILURE_CODES) as FaceCheckFailure[];
const decision = tokenQuery.extend({ outcome: z.enum(['pass', 'fail', ...FAILURES.map((failure) => `fail-${failure}` as const)]) });

/** The return address with BizToken added, whether or not it already has a query string. */
export function withBizToken(redirectUrl: string, bizToken: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('BizToken', bizToken);
  return url.toString();
}

function gone(reply: FastifyReply) {
  return reply.code(404).type('text/html').send(simplePage(TITLE, '<div class="card">本次人脸核身不存在、已结束或已超时，请回到办事大厅重新发起认证。</div>'));
}

/**
 * FaceID as the citizen's browser sees it (simulator mode only): the check page with the name
 * and masked ID number, 认证通过 and the ways it can fail; the choice is recorded on the check, and the browser
 * goes back to the check's RedirectUrl with BizToken, as Tencent's H5 page does.
 */
export async function faceSimulatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  app.get(FACE_SIMULATOR_PATH, async (request, reply) => {
    const parsed = tokenQuery.safeParse(request.query);
    const check = parsed.success ? await openFaceCheck(db, parsed.data.BizToken) : null;
    if (!check) return gone(reply);
    return reply.type('text/html').send(
      simplePage(
        TITLE,
        `<div class="card hint">这是本地运行用的人脸核身模拟器，代替腾讯云慧眼的刷脸页面。请选择本次认证的结果。</div>
<div class="card"><div>姓名：<b data-name>${escapeHtml(check.name)}</b></div><div style="margin-top:6px">身份证号：<span data-idcard>${escapeHtml(maskIdNumber(check.idcard))}</span></div></div>
<form method="post" action="${FACE_SIMULATOR_PATH}" class="card"><input type="hidden" name="BizToken" value="${escapeHtml(check.bizToken)}">
<button type="submit" name="outcome" value="pass" data-outcome="pass">认证通过</button>
<button type="submit" name="outcome" value="fail" class="danger" data-outcome="fail">认证失败</button>
${FAILURES.map((failure) => `<button type="submit" name="outcome" value="fail-${failure}" class="danger" data-outcome="fail-${failure}">认证失败：${FACE_CHECK_FAILURES[failure].reason}</button>`).join('\n')}</form>`,
      ),
    );
  });

  app.post(FACE_SIMULATOR_PATH, { config: { form: true } }, async (request, reply) => {
    const parsed = decision.safeParse(request.body);
    if (!parsed.success) return gone(reply);
    const { BizToken: bizToken, outcome } = parsed.data;
    const check = await openFaceCheck(db, bizToken);
    if (!check) return gone(reply);
    // The first choice counts, as on the real page: a second press only goes back again.
    const failure = FAILURES.find((key) => outcome === `fail-${key}`);
    await decideSimulatedFaceCheck(db, bizToken, outcome === 'pass' ? { passed: true } : { passed: false, errCode: failure ? SIMULATED_FAILURE_CODES[failure] : null });
    return reply.redirect(withBizToken(check.redirectUrl, bizToken));
  });
}
