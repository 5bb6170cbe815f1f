import { errcodeOk, replyMessage, stateOk, type HallClient } from '@hall/api/browser';
import {
  ARCHIVE_QUERY_TITLES,
  CERTIFICATE_KINDS,
  CERTIFICATE_QUERY_TYPES,
  PROPERTY_QUERY_MESSAGES,
  PROPERTY_QUERY_TYPE_CERTIFICATE,
  QUERY_STATE_NOT_FOUND,
  applyNextTarget,
  certificateNumberText,
  houseUseCode,
  houseUseLabel,
  certificateYearOptions,
  isCertificateSerial,
  isPropertyQuerySuccessful,
  maskIdNumber,
  routeHref,
  validatePropertyQuery,
  type CertificateKind,
  type PropertyQueryType,
} from '@hall/domain';
import { Input, showAlert, showToast } from '@hall/ui';
import { Button, List, Picker, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard, FormIntro } from '../../components/form-card';
import { HallPage } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';
import './property-query.css';

type PropertyResult = NonNullable<Awaited<ReturnType<HallClient['getBdcqzhQuery']>>['data']>;

/** The registry answers in the background: the screen asks again this often, this many times, before saying to retry. */
const POLL_MS = 800;
const POLL_TIMES = 8;
const UNIT_NOT_CARRIED = '请在不动产单元信息中补充带*的内容后保存';
const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

const typeOptions = Object.entries(CERTIFICATE_QUERY_TYPES).map(([value, label]) => ({ value: value as PropertyQueryType, label }));
const kindOptions = Object.entries(CERTIFICATE_KINDS).map(([value, label]) => ({ value: value as CertificateKind, label }));

/** The unit a found certificate covers, as the application's unit form saves it. */
function foundUnit(result: PropertyResult): Record<string, string> {
  return { bdcqzmh: result.qlrqzh, bdcdyh: result.BDCDYH ?? '', zl: result.zl ?? '', fwsyqmj: result.mj ?? '', fwyt: houseUseCode(result.yt) };
}

/**
 * /bdcqzQuery (spec part 3 §2.9; query djlx, qllx, slbh, id, appointment, code): the property
 * certificate of a registration, by the hall's number (type 1: year, 不动产权 or 不动产证明, serial)
 * or a legacy number (type 2); state 20 shows the unit number and the mortgages, then the next step
 * of the registration. Opened from an application's unit section (id names it), 下一步 carries the
 * unit found into that application; when the business asks more of a unit than the certificate
 * tells, the unit form opens with what was found filled in.
 */
export function PropertyQueryPage() {
  const user = useSession((s) => s.user);
  const openid = user?.openid ?? '';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const years = certificateYearOptions();
  const [type, setType] = useState<PropertyQueryType>(PROPERTY_QUERY_TYPE_CERTIFICATE);
  const [year, setYear] = useState(String(years[0]));
  const [kind, setKind] = useState<CertificateKind>('1');
  const [serial, setSerial] = useState('');
  const [legacy, setLegacy] = useState('');
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PropertyResult | null>(null);

  const byNumber = type === PROPERTY_QUERY_TYPE_CERTIFICATE;
  const preview = byNumber && isCertificateSerial(serial) ? certificateNumberText({ year, kind, serial }) : '';
  const registration = { djlx: params.get('djlx') ?? '', qllx: params.get('qllx') ?? '', slbh: params.get('slbh') ?? '' };

  async function poll(id: string): Promise<string | null> {
    for (let attempt = 0; attempt < POLL_TIMES; attempt += 1) {
      const reply = await api.getBdcqzhQuery({ openid, id });
      if (!stateOk(reply) || !reply.data) return replyMessage(reply);
      setResult(reply.data);
      if (isPropertyQuerySuccessful(reply.data.state) || String(reply.data.state) === QUERY_STATE_NOT_FOUND) return null;
      await wait(POLL_MS);
    }
    return null;
  }

  async function query() {
    const problem = validatePropertyQuery({ certificateNumber: byNumber ? serial : '', legacyNumber: byNumber ? '' : legacy, name: user?.name, cardNumber: user?.CARDNUM });
    if (problem) {
      await showAlert(problem);
      return;
    }
    if (byNumber && !isCertificateSerial(serial)) {
      await showAlert(PROPERTY_QUERY_MESSAGES.serial);
      return;
    }
    setBusy(true);
    setResult(null);
    await submitWithFeedback(
      async () => {
        const reply = await api.searchBdcdyInfoByBdcqzh({ openid, cxfs: type, ...(byNumber ? { nf: year, zstype: kind, bdcqzh: serial } : { bdcqzh: legacy }), ...registration });
        if (!stateOk(reply) || !reply.data) return replyMessage(reply);
        setResult(reply.data);
        return poll(reply.data.ID);
      },
      { loading: '查询中', onSettled: () => setBusy(false) },
    );
  }

  async function refresh() {
    if (!result) return;
    setBusy(true);
    await submitWithFeedback(() => poll(result.ID), { loading: '查询中', onSettled: () => setBusy(false) });
  }

  async function carryOn(found: PropertyResult) {
    const applicationId = params.get('id') ?? '';
    const appointment = params.get('appointment') ?? '0';
    const code = params.get('code') ?? undefined;
    if (applicationId) {
      const unit = foundUnit(found);
      setBusy(true);
      let carried = false;
      await submitWithFeedback(
        async () => {
          const reply = await api.addReleasteInfo({ openid, proinstid: applicationId, fwxxs: [{ ...unit, id: '' }] });
          carried = errcodeOk(reply);
          return null;
        },
        { loading: '保存中', onSettled: () => setBusy(false) },
      );
      if (!carried) {
        // The business asks more of a unit than the certificate tells: the unit form, where the field
        // that is missing is, says so, not this page, which has no such field.
        showToast(UNIT_NOT_CARRIED);
        navigate(href(paths.infoDyxxinfo, { id: '', slsqId: applicationId, djlx: registration.djlx, qllx: registration.qllx, appointment, code, ...unit }));
        return;
      }
    }
    navigate(routeHref(applyNextTarget({ applicationId, djlx: registration.djlx, qllx: registration.qllx, code, appointment })));
  }

  const found = result && isPropertyQuerySuccessful(result.state);
  const canContinue = found && registration.djlx && registration.qllx;
  return (
    <HallPage title={ARCHIVE_QUERY_TITLES.propertyQuery} className="hall-property">
      <FormIntro>请按证书填写不动产权证号，查询到的不动产单元号和抵押信息将用于本次登记。</FormIntro>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void query();
        }}
      >
        <FormCard header="查询条件" className="hall-property__card">
          <List.Item prefix="查询方式">
            <Selector options={typeOptions} value={[type]} onChange={(value) => value[0] && setType(value[0])} showCheckMark={false} />
          </List.Item>
          {byNumber ? (
            <>
              <List.Item onClick={() => setPicking(true)} extra={<span className="hall-property__value">{year}</span>} arrowIcon aria-label={`年份：${year}`}>
                年份
              </List.Item>
              <List.Item prefix="证书类型">
                <Selector options={kindOptions} value={[kind]} onChange={(value) => value[0] && setKind(value[0])} showCheckMark={false} />
              </List.Item>
              <List.Item prefix={<label htmlFor="property-serial">证号</label>}>
                <Input id="property-serial" placeholder="请输入证号数字" value={serial} onChange={(value) => setSerial(value.replace(/\D/g, ''))} maxLength={7} inputMode="numeric" clearable />
              </List.Item>
            </>
          ) : (
            <List.Item prefix={<label htmlFor="property-legacy">原证号</label>}>
              <Input id="property-legacy" placeholder="请输入原不动产权证号" value={legacy} onChange={setLegacy} maxLength={128} clearable />
            </List.Item>
          )}
          <List.Item extra={user?.name || '未填写'}>权利人</List.Item>
          <List.Item extra={user?.CARDNUM ? maskIdNumber(user.CARDNUM) : '未填写'}>身份证号</List.Item>
        </FormCard>
        {preview ? (
          <p className="hall-property__preview" aria-label="不动产权证号">
            {preview}
          </p>
        ) : null}
        <div className="hall-property__actions">
          <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
            查询
          </Button>
        </div>
      </form>

      {result ? (
        <section className="hall-property__result" aria-label="查询结果">
          <h2>查询结果</h2>
          <dl>
            <div>
              <dt>不动产权证号</dt>
              <dd>{result.qlrqzh}</dd>
            </div>
            {found ? (
              <>
                <div>
                  <dt>不动产单元号</dt>
                  <dd>{result.BDCDYH}</dd>
                </div>
                <div>
                  <dt>坐落</dt>
                  <dd>{result.zl}</dd>
                </div>
                <div>
                  <dt>用途</dt>
                  <dd>{houseUseLabel(result.yt)}</dd>
                </div>
                <div>
                  <dt>面积（㎡）</dt>
                  <dd>{result.mj}</dd>
                </div>
                <div>
                  <dt>抵押信息</dt>
                  <dd>{result.dyList?.length ? result.dyList.map((m) => `${m.dyqr}${m.zgzqse ? `（${m.zgzqse}万元）` : ''}`).join('；') : '无抵押'}</dd>
                </div>
              </>
            ) : (
              <div>
                <dt>状态</dt>
                <dd>{String(result.state) === QUERY_STATE_NOT_FOUND ? result.state_msg : PROPERTY_QUERY_MESSAGES.pending}</dd>
              </div>
            )}
          </dl>
          {!found && String(result.state) !== QUERY_STATE_NOT_FOUND ? (
            <Button block fill="outline" color="primary" onClick={() => void refresh()} disabled={busy}>
              刷新结果
            </Button>
          ) : null}
          {canContinue ? (
            <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void carryOn(result)}>
              下一步
            </Button>
          ) : null}
        </section>
      ) : null}

      <Picker
        title="选择年份"
        visible={picking}
        onClose={() => setPicking(false)}
        columns={[years.map((y) => ({ label: String(y), value: String(y) }))]}
        value={[year]}
        onConfirm={(value) => value[0] && setYear(String(value[0]))}
      />
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { PropertyQueryPage as Component };
