import { errcodeOk } from '@hall/api/browser';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';

const FACE_URL_FAILED = '获取腾讯云人脸识别地址失败';

/**
 * Sends the browser to the face check of an archive step (bsm); it comes back to /ok?bsm=…&BizToken=…,
 * which records the request. Failures are alerted; onSettled releases a busy button.
 */
export function startArchiveFaceCheck(input: { openid: string; bsm: string; name: string; idcard: string }, onSettled?: () => void): Promise<boolean> {
  return submitWithFeedback(
    async () => {
      const reply = await api.getWxDetectAuth({
        RedirectUrl: `${window.location.origin}${href(paths.ok, { bsm: input.bsm })}`,
        openid: input.openid,
        bsm: input.bsm,
        idcard: input.idcard,
        name: input.name,
      });
      if (!errcodeOk(reply) || !reply.data?.Url) return reply.errmsg || FACE_URL_FAILED;
      window.location.assign(reply.data.Url);
      return null;
    },
    { ...(onSettled ? { onSettled } : {}) },
  );
}
