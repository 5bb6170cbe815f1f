import { errcodeOk, stateOk, replyMessage, type QueryCity } from '@hall/api/browser';
import { VALIDATION_MESSAGES, maskIdNumber, validateCertificateQuery } from '@hall/domain';
import { Input, showAlert, showConfirm } from '@hall/ui';
import { Button, Dialog, List, Picker } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FormCard, FormIntro } from '../../components/form-card';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { HistoryLink } from '../../components/history-link';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback, dataOf, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import { dropPendingQuery, newBusinessSerial, savePendingQuery, takePendingQuery, type PendingQuery } from './pending-query';
import { QUERY_SCREENS, screenAt, type QueryScreen } from './query-screens';
import './queries.css';

export const FACE_URL_FAILED = '获取腾讯云人脸识别地址失败';
export const FACE_PASSED = '认证成功';
/** The confirm after a submit: the lookup runs in the background. */
export const QUERY_SUBMITTED = '查询已提交，请耐心等待查询结果';
const FACE_FAILED = '认证失败';
const PENDING_LOST = '查询信息已失效，请重新填写后查询';

/** The 请填入内容 dialog: no buttons, gone by itself after `ms` (or at a tap outside). */
function showBriefDialog(message: string, ms: number): void {
  const handler = Dialog.show({ title: '提示', 'aria-label': '提示', content: message, closeOnMaskClick: true, className: 'hall-brief-dialog' });
  window.setTimeout(() => handler.close(), ms);
}

/** /certificateQuery and /dzzzQuery: one form, the screen read off the path. */
export function QueryPage() {
  const { pathname } = useLocation();
  const screen = screenAt(QUERY_SCREENS, pathname);
  if (!screen) return <Navigate to={paths.notFound} replace />;
  return <QueryForm key={screen.kind} screen={screen} />;
}

/** Face checks this page has already settled, by business serial: each is used once. */
const settledSerials = new Set<string>();

function QueryForm({ screen }: { screen: QueryScreen }) {
  const user = useSession((s) => s.user);
  const openid = user?.openid ?? '';
  const name = user?.name ?? '';
  const idNumber = user?.CARDNUM ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const cities = useRemote(async () => dataOf(await api.certificateCity({ openid })).xzqs, [openid]);
  const [city, setCity] = useState<QueryCity | null>(null);
  const [qzh, setQzh] = useState('');
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Back from the licence's face check: ?bsm=…&BizToken=…, read once.
  const [faceReturn] = useState(() => {
    const params = new URLSearchParams(location.search);
    const bsm = params.get('bsm');
    return screen.faceCheck && bsm ? { bsm, bizToken: params.get('BizToken') ?? undefined } : null;
  });
  const chosenByUser = useRef(false);

  // The citizen's own city comes preselected when the hall offers it.
  useEffect(() => {
    if (chosenByUser.current || !cities.data) return;
    const own = cities.data.find((c) => c.xzqBm === user?.XZQDM);
    if (own) setCity((current) => current ?? own);
  }, [cities.data, user?.XZQDM]);

  async function submit(form: PendingQuery) {
    setBusy(true);
    const sent = await submitWithFeedback(
      async () => {
        const payload = { openid, username: name, zjh: idNumber, qzh: form.qzh.trim(), xzqmc: form.city.xzqMc, xzqdm: form.city.xzqBm };
        const reply = screen.kind === 'licence' ? await api.dzzzcertificateSearch(payload) : await api.certificateSearch(payload);
        return stateOk(reply) ? null : replyMessage(reply, '提交失败，请稍后重试');
      },
      { loading: '提交中', onSettled: () => setBusy(false) },
    );
    if (!sent) return;
    setQzh('');
    if (await showConfirm(QUERY_SUBMITTED, { confirmText: '查看结果', cancelText: '继续查询' })) navigate(screen.recordsPath);
  }

  async function startFaceCheck(form: PendingQuery) {
    const bsm = newBusinessSerial();
    savePendingQuery(bsm, form);
    setBusy(true);
    await submitWithFeedback(
      async () => {
        const reply = await api.getWxDetectAuth({
          RedirectUrl: `${window.location.origin}${href(screen.path, { bsm })}`,
          openid,
          bsm,
          idcard: idNumber,
          name,
        });
        if (!errcodeOk(reply) || !reply.data?.Url) return reply.errmsg || FACE_URL_FAILED;
        window.location.assign(reply.data.Url);
        return null;
      },
      { onSettled: () => setBusy(false), onFailure: () => dropPendingQuery(bsm) },
    );
  }

  // The licence query after its face check: settle the check (认证成功), then submit what was typed before.
  useEffect(() => {
    if (!faceReturn) return;
    navigate(screen.path, { replace: true });
    if (settledSerials.has(faceReturn.bsm)) return;
    settledSerials.add(faceReturn.bsm);
    const pending = takePendingQuery(faceReturn.bsm);
    if (pending) {
      chosenByUser.current = true;
      setCity(pending.city);
      setQzh(pending.qzh);
    }
    void (async () => {
      const passed = await submitWithFeedback(async () => {
        const reply = await api.setDetectInfo({ bsm: faceReturn.bsm, BizToken: faceReturn.bizToken });
        return errcodeOk(reply) ? null : reply.errmsg || FACE_FAILED;
      });
      if (!passed) return;
      await showAlert(FACE_PASSED);
      if (pending) await submit(pending);
      else await showAlert(PENDING_LOST);
    })();
    // Runs once, on the return from the face check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function query() {
    const problem = validateCertificateQuery({ city: city?.xzqMc, name, idNumber, certificateNumber: qzh });
    if (problem === VALIDATION_MESSAGES.queryIncomplete) {
      showBriefDialog(problem, screen.incompleteDialogMs);
      return;
    }
    if (problem) {
      await showAlert(problem);
      return;
    }
    const form = { city: city!, qzh };
    if (screen.faceCheck) await startFaceCheck(form);
    else await submit(form);
  }

  return (
    <HallPage title={screen.title} className="hall-query">
      {cities.loading && !cities.data ? (
        <LoadingState />
      ) : cities.error ? (
        <ErrorState message={cities.error} onRetry={() => void cities.reload()} />
      ) : (
        <>
          <FormIntro>
            {screen.faceCheck
              ? '电子证照查询仅限本人名下的不动产。提交前需进行人脸识别认证，认证通过后自动提交查询。'
              : '证书查询仅限本人名下的不动产。提交后系统将在后台查询，结果可在“查询记录”中查看。'}
          </FormIntro>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void query();
            }}
          >
            <FormCard header="查询信息" className="hall-query__card hall-form-card--readonly">
              <List.Item
                onClick={() => setPicking(true)}
                extra={city ? <span className="hall-query__city">{city.xzqMc}</span> : <span className="hall-query__placeholder">请选择城市</span>}
                arrowIcon
                aria-label={`所在城市：${city?.xzqMc ?? '未选择'}`}
              >
                所在城市
              </List.Item>
              <List.Item prefix={<label htmlFor="query-name">权利人</label>}>
                <Input id="query-name" value={name} disabled placeholder="请先完善个人信息" />
              </List.Item>
              <List.Item prefix={<label htmlFor="query-idcard">身份证号</label>}>
                <Input id="query-idcard" value={idNumber ? maskIdNumber(idNumber) : ''} disabled placeholder="请先完善个人信息" />
              </List.Item>
              <List.Item prefix={<label htmlFor="query-qzh">权证号</label>}>
                <Input id="query-qzh" placeholder="请输入不动产权证号" value={qzh} onChange={setQzh} maxLength={128} clearable autoComplete="off" enterKeyHint="search" />
              </List.Item>
            </FormCard>
            <p className="hall-note hall-query__example">请按证书上的内容填写，如：冀(2023)××市不动产权第×××××××号</p>
            <div className="hall-query__actions">
              <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
                查询
              </Button>
            </div>
          </form>
          <HistoryLink to={screen.recordsPath} label="查询记录" className="hall-query__history" />
          <Picker
            title="选择城市"
            visible={picking}
            onClose={() => setPicking(false)}
            columns={[(cities.data ?? []).map((c) => ({ label: c.xzqMc, value: c.xzqBm }))]}
            value={city ? [city.xzqBm] : []}
            onConfirm={(value) => {
              const chosen = cities.data?.find((c) => c.xzqBm === value[0]);
              if (chosen) {
                chosenByUser.current = true;
                setCity(chosen);
              }
            }}
          />
        </>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { QueryPage as Component };
