import { errcodeOk, replyMessage, statOk } from '@hall/api/browser';
import { SMS_COUNTDOWN_SECONDS, VALIDATION_MESSAGES, isMobileNumber } from '@hall/domain';
import { CountdownButton, Input, showAlert } from '@hall/ui';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { FormCard } from '../../components/form-card';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';

export const PHONE_CHANGED = '手机号已更换';
const CODE_SEND_FAILED = '验证码发送失败，请稍后再试';
const CHANGE_FAILED = '更换失败，请稍后重试';

/**
 * 更换手机号 for a real-name verified citizen, whose profile is otherwise fixed: the new number gets
 * an SMS code (60 s countdown, the hall's SMS limits) and the code typed proves the number is theirs.
 */
export function PhoneChange() {
  const reloadUser = useSession((s) => s.reloadUser);
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function sendCode(): Promise<boolean> {
    if (!isMobileNumber(phone.trim())) {
      await showAlert(VALIDATION_MESSAGES.profileMobile);
      return false;
    }
    return submitWithFeedback(
      async () => {
        const reply = await api.getPhoneCode({ phone: phone.trim() });
        return statOk(reply) ? null : replyMessage(reply, CODE_SEND_FAILED);
      },
      { loading: '发送中' },
    );
  }

  async function change() {
    if (!isMobileNumber(phone.trim())) {
      await showAlert(VALIDATION_MESSAGES.profileMobile);
      return;
    }
    if (!code.trim()) {
      await showAlert(VALIDATION_MESSAGES.phoneCode);
      return;
    }
    setBusy(true);
    const changed = await submitWithFeedback(
      async () => {
        const reply = await api.changePhone({ phone: phone.trim(), yzm: code.trim() });
        return errcodeOk(reply) ? null : replyMessage(reply, CHANGE_FAILED);
      },
      { loading: '提交中', onSettled: () => setBusy(false) },
    );
    if (!changed) return;
    await reloadUser().catch(() => undefined);
    setOpen(false);
    setPhone('');
    setCode('');
    await showAlert(PHONE_CHANGED);
  }

  if (!open) {
    return (
      <div className="hall-profile__actions">
        <Button block color="primary" fill="outline" size="large" onClick={() => setOpen(true)}>
          更换手机号
        </Button>
      </div>
    );
  }
  return (
    <>
      <FormCard header="更换手机号" className="hall-profile__card">
        <List.Item prefix={<label htmlFor="profile-new-phone">新手机号</label>}>
          <Input id="profile-new-phone" type="tel" inputMode="numeric" placeholder="请输入新的11位手机号码" value={phone} onChange={setPhone} maxLength={11} autoComplete="tel" clearable />
        </List.Item>
        <List.Item prefix={<label htmlFor="profile-phone-code">验证码</label>}>
          <div className="hall-profile__code">
            <Input id="profile-phone-code" placeholder="请输入验证码" value={code} onChange={setCode} maxLength={6} inputMode="numeric" autoComplete="one-time-code" clearable />
            <CountdownButton seconds={SMS_COUNTDOWN_SECONDS} onSend={sendCode} aria-label="获取验证码" />
          </div>
        </List.Item>
      </FormCard>
      <p className="hall-note hall-profile__note">验证码将发送到新手机号，5分钟内有效，只能使用一次。</p>
      <div className="hall-profile__actions">
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void change()}>
          确认更换
        </Button>
        <Button block size="large" disabled={busy} onClick={() => setOpen(false)}>
          取消
        </Button>
      </div>
    </>
  );
}
