import { errcodeOk, codeCheckedOk, replyMessage } from '@hall/api/browser';
import { ARCHIVE_QUERY_TITLES, PHONE_CODE_FAILURE_TITLE, SMS_COUNTDOWN_SECONDS, VALIDATION_MESSAGES, isMainlandMobileNumber, maskIdNumber } from '@hall/domain';
import { CountdownButton, Input, showAlert } from '@hall/ui';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { FormCard, FormIntro } from '../../components/form-card';
import { HallPage } from '../../components/hall-page';
import { HistoryLink } from '../../components/history-link';
import { EmptyWithStep } from '../../components/empty-with-step';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';
import { startArchiveFaceCheck } from './archive-face-check';
import './archive-query.css';

const CODE_SEND_FAILED = '验证码发送失败，请稍后再试';

/**
 * /querycert (查档证明, spec part 3 §2.7): name, ID number and phone from the profile, read-only; a
 * code to the phone (60 s countdown); 查询 has the server check the code, then starts the face
 * check, which returns to /ok where the request is recorded.
 */
export function ArchiveRequestPage() {
  const user = useSession((s) => s.user);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const openid = user?.openid ?? '';
  const name = user?.name ?? '';
  const idNumber = user?.CARDNUM ?? '';
  const phone = user?.PHONE ?? '';

  if (!name || !idNumber || !phone) {
    return (
      <HallPage title={ARCHIVE_QUERY_TITLES.request}>
        <EmptyWithStep description="申请查档证明需先完善个人信息（姓名、身份证号、手机号）" step="去完善" to={paths.userInfo} />
      </HallPage>
    );
  }

  async function sendCode(): Promise<boolean> {
    if (!isMainlandMobileNumber(phone)) {
      await showAlert(VALIDATION_MESSAGES.phoneNumber);
      return false;
    }
    return submitWithFeedback(
      async () => {
        const reply = await api.phongQueryYzm({ qlrphone: phone, openid });
        return errcodeOk(reply) ? null : replyMessage(reply, CODE_SEND_FAILED);
      },
      { loading: '发送中' },
    );
  }

  async function query() {
    if (!code.trim()) {
      await showAlert(VALIDATION_MESSAGES.phoneCode, { title: PHONE_CODE_FAILURE_TITLE });
      return;
    }
    if (!isMainlandMobileNumber(phone)) {
      await showAlert(VALIDATION_MESSAGES.phoneNumber, { title: PHONE_CODE_FAILURE_TITLE });
      return;
    }
    setBusy(true);
    let bsm = '';
    const checked = await submitWithFeedback(
      async () => {
        const reply = await api.getQueryYzm({ qlrphone: phone, yzm: code.trim(), openid });
        if (!codeCheckedOk(reply) || !reply.data?.bsm) return replyMessage(reply, VALIDATION_MESSAGES.phoneCode);
        bsm = reply.data.bsm;
        return null;
      },
      { loading: '校验中', onFailure: () => setBusy(false) },
    );
    if (!checked) return;
    setCode('');
    // The face check of this step; it comes back to /ok, which records the request.
    await startArchiveFaceCheck({ openid, bsm, name, idcard: idNumber }, () => setBusy(false));
  }

  return (
    <HallPage title={ARCHIVE_QUERY_TITLES.request} className="hall-archive">
      <FormIntro>查档证明用于证明本人名下不动产登记情况。获取并填写手机动态验证码后点击查询，完成人脸识别认证即提交申请。</FormIntro>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void query();
        }}
      >
        <FormCard header="申请人信息" className="hall-archive__card hall-form-card--readonly">
          <List.Item prefix={<label htmlFor="archive-name">姓名</label>}>
            <Input id="archive-name" value={name} readOnly disabled />
          </List.Item>
          <List.Item prefix={<label htmlFor="archive-idcard">身份证号</label>}>
            <Input id="archive-idcard" value={maskIdNumber(idNumber)} readOnly disabled />
          </List.Item>
          <List.Item prefix={<label htmlFor="archive-phone">手机号</label>}>
            <Input id="archive-phone" value={phone} readOnly disabled />
          </List.Item>
          <List.Item prefix={<label htmlFor="archive-code">验证码</label>} extra={<CountdownButton seconds={SMS_COUNTDOWN_SECONDS} onSend={sendCode} aria-label="获取验证码" />}>
            <Input id="archive-code" placeholder="请输入验证码" value={code} onChange={setCode} maxLength={6} inputMode="numeric" autoComplete="one-time-code" clearable />
          </List.Item>
        </FormCard>
        <div className="hall-archive__actions">
          <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
            查询
          </Button>
        </div>
      </form>
      <HistoryLink to={href(paths.querycertrecord, { openid })} label={ARCHIVE_QUERY_TITLES.records} />
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ArchiveRequestPage as Component };
