import { errcodeOk, SessionLostError, type HallUser } from '@hall/api/browser';
import { maskIdNumber, maskMobileNumber, normalizeIdNumber, validateProfileStrict, validateRealName } from '@hall/domain';
import { Input, showAlert } from '@hall/ui';
import { Button, List, Tag } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard, FormIntro } from '../../components/form-card';
import { HallPage, LoadingState } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback, NETWORK_ERROR } from '@hall/app';
import { useSession } from '../../stores/session';
import { FaceResult, type FaceOutcome } from './face-result';
import { PhoneChange } from './phone-change';
import { askPassword } from './password-prompt';
import { useProfileDraft, type ProfileValues } from './profile-draft';
import './profile.css';

export const SAVED = '保存成功';
/** The save message when the page was opened to complete a registration (?type=1). */
export const REGISTERED = '您已注册成功，可返回服务大厅办理业务';
export const FACE_URL_FAILED = '获取腾讯云人脸识别地址失败';
const SAVE_FAILED = '保存失败，请稍后重试';

export function isVerified(user: HallUser | null): boolean {
  return user?.realNameAuthentication === 1 || user?.isRealNameAuth === 'true';
}

/** BizTokens this page has already settled: a token is used once, even if an effect runs twice. */
const settledTokens = new Set<string>();

/**
 * /userInfo (and ?type=1 to complete a registration): the profile with real-name verification.
 * Back from the face check (BizToken in the address) it first shows how the check ended.
 */
export function UserInfoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const registering = params.get('type') === '1';
  const [bizToken] = useState(() => params.get('BizToken'));
  const [face, setFace] = useState<FaceOutcome | 'checking' | null>(bizToken ? 'checking' : null);
  const openid = useSession((s) => s.user?.openid ?? '');
  const reloadUser = useSession((s) => s.reloadUser);
  const showProfile = useCallback(() => setFace(null), []);

  useEffect(() => {
    if (!bizToken) return;
    // The token is single use: it leaves the address bar at once, so a reload or a share never repeats it.
    navigate(href(paths.userInfo, { type: registering ? '1' : undefined }), { replace: true });
    if (settledTokens.has(bizToken)) return;
    settledTokens.add(bizToken);
    void (async () => {
      try {
        const reply = await api.getUserInfo({ data: { openid, BizToken: bizToken } });
        await reloadUser().catch(() => undefined);
        setFace(reply.faceResult === 'passed' ? { result: 'passed' } : { result: 'failed', message: reply.faceMessage || reply.errmsg || '' });
      } catch (error) {
        if (error instanceof SessionLostError) return;
        setFace({ result: 'failed', message: NETWORK_ERROR });
      }
    })();
  }, [bizToken, navigate, openid, registering, reloadUser]);

  if (face === 'checking') {
    return (
      <HallPage title="实名认证" backTo={paths.my}>
        <LoadingState />
      </HallPage>
    );
  }
  if (face) return <FaceResult outcome={face} onDone={showProfile} />;
  return <ProfileScreen registering={registering} />;
}

function savedValues(user: HallUser | null): ProfileValues {
  return { name: user?.name ?? '', cardnum: user?.CARDNUM ?? '', phone: user?.PHONE || user?.mobile || '' };
}

function ProfileScreen({ registering }: { registering: boolean }) {
  const user = useSession((s) => s.user);
  const reloadUser = useSession((s) => s.reloadUser);
  const openid = user?.openid ?? '';
  const verified = isVerified(user);
  const [values, change, clearDraft] = useProfileDraft(openid, savedValues(user));
  const [busy, setBusy] = useState<'save' | 'verify' | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Frees the buttons once a request has settled, unless the screen is already gone. */
  function release() {
    if (mounted.current) setBusy(null);
  }

  // Once verified the profile is fixed: a leftover draft has nothing more to keep.
  useEffect(() => {
    if (verified) clearDraft();
  }, [verified, clearDraft]);

  async function save() {
    const problem = validateProfileStrict({ name: values.name, idNumber: values.cardnum, mobile: values.phone });
    if (problem) {
      await showAlert(problem);
      return;
    }
    const password = await askPassword(user?.iswebuser === '1');
    if (password === null) return;
    setBusy('save');
    const saved = await submitWithFeedback(
      async () => {
        const reply = await api.saveUserInfo({
          openid,
          name: values.name.trim(),
          nickname: user?.nickname || undefined,
          cardtype: user?.cardtype || '1',
          cardnum: normalizeIdNumber(values.cardnum),
          phone: values.phone.trim(),
          usertype: user?.usertype || '0',
          SEX: user?.SEX || undefined,
          appid: user?.appid || undefined,
          iswebuser: user?.iswebuser || undefined,
          password,
          realNameAuthentication: user?.realNameAuthentication,
        });
        return errcodeOk(reply) ? null : reply.errmsg || SAVE_FAILED;
      },
      { loading: '保存中', onSettled: release },
    );
    if (!saved) return;
    clearDraft();
    await reloadUser().catch(() => undefined);
    await showAlert(registering ? REGISTERED : SAVED);
  }

  async function verify() {
    const problem = validateRealName({ name: values.name, idNumber: values.cardnum });
    if (problem) {
      await showAlert(problem);
      return;
    }
    setBusy('verify');
    await submitWithFeedback(
      async () => {
        const reply = await api.getWxDetectAuth({
          // Back here after the check, where the BizToken it brings is settled.
          RedirectUrl: `${window.location.origin}${href(paths.userInfo, { type: registering ? '1' : undefined })}`,
          openid,
          idcard: normalizeIdNumber(values.cardnum),
          name: values.name.trim(),
        });
        if (!errcodeOk(reply) || !reply.data?.Url) return reply.errmsg || FACE_URL_FAILED;
        window.location.assign(reply.data.Url);
        return null;
      },
      { onSettled: release, onFailure: (failure) => console.warn(failure) },
    );
  }

  return (
    <HallPage title="个人信息" backTo={paths.my} className="hall-profile">
      {registering && !verified ? <FormIntro>请完善个人信息并完成实名认证，即可在网上办事大厅办理业务。</FormIntro> : null}
      <FormCard header="基本信息" className="hall-profile__card">
        {verified ? (
          <>
            <List.Item className="hall-profile__fact" extra={user?.name}>
              姓名
            </List.Item>
            <List.Item className="hall-profile__fact" extra={<span data-testid="profile-cardnum">{maskIdNumber(user?.CARDNUM ?? '')}</span>}>
              身份证号
            </List.Item>
            <List.Item className="hall-profile__fact" extra={<span data-testid="profile-phone">{maskMobileNumber(user?.PHONE || user?.mobile || '')}</span>}>
              手机号
            </List.Item>
          </>
        ) : (
          <>
            <List.Item prefix={<label htmlFor="profile-name">姓名</label>}>
              <Input id="profile-name" placeholder="请输入真实姓名" value={values.name} onChange={(name) => change({ name })} maxLength={32} autoComplete="name" clearable />
            </List.Item>
            <List.Item prefix={<label htmlFor="profile-cardnum">身份证号</label>}>
              <Input
                id="profile-cardnum"
                placeholder="请输入18位身份证号码"
                value={values.cardnum}
                // A lower-case x is taken and shown upper-case, as it is stored.
                onChange={(cardnum) => change({ cardnum: cardnum.toUpperCase() })}
                maxLength={18}
                autoComplete="off"
                clearable
              />
            </List.Item>
            <List.Item prefix={<label htmlFor="profile-phone">手机号</label>}>
              <Input
                id="profile-phone"
                type="tel"
                inputMode="numeric"
                placeholder="请输入11位手机号码"
                value={values.phone}
                onChange={(phone) => change({ phone })}
                maxLength={11}
                autoComplete="tel"
                clearable
              />
            </List.Item>
          </>
        )}
        <List.Item
          className="hall-profile__status"
          extra={
            verified ? (
              <Tag color="success" fill="outline">
                已实名认证
              </Tag>
            ) : (
              <Tag color="warning" fill="outline">
                未实名认证
              </Tag>
            )
          }
        >
          实名状态
        </List.Item>
      </FormCard>

      {verified ? (
        <>
          <p className="hall-note hall-profile__note">您已完成实名认证，姓名和身份证号不可修改；手机号可凭新手机收到的验证码更换。</p>
          <PhoneChange />
        </>
      ) : (
        <>
          <p className="hall-note hall-profile__note">请先保存个人信息，再点击“立即认证”进行人脸识别实名认证。</p>
          <div className="hall-profile__actions">
            <Button block color="primary" size="large" loading={busy === 'save'} disabled={busy !== null} onClick={() => void save()}>
              保存
            </Button>
            <Button block color="primary" fill="outline" size="large" loading={busy === 'verify'} disabled={busy !== null} onClick={() => void verify()}>
              立即认证
            </Button>
          </div>
        </>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { UserInfoPage as Component };
