import type { ApplicationDetail } from '@hall/api/browser';
import { APPLICANT_KINDS, ID_TYPES, PROPERTY_FIELD_LABELS, SAVE_TYPES, holdingMethodLabel, mortgageMethodLabel, previewBackTarget } from '@hall/domain';
import { EmptyState } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { dataOf, useRemote } from '../../lib/use-remote';
import { useSession } from '../../stores/session';
import { rightsSection } from '../info-fill/fill-layout';
import '../info-fill/info-fill.css';
import './materials.css';

const NOT_FOUND = '未找到该信息';
type Field = [label: string, value: string | undefined];

const idType = (code: string | undefined) => (code ? (ID_TYPES as Record<string, string>)[code] ?? code : '');

function personFields(detail: ApplicationDetail, id: string): Field[] | null {
  const person = detail.sqrs.find((p) => p.sqr_id === id);
  if (!person) return null;
  return [
    ['申请人类型', (APPLICANT_KINDS as Record<string, string>)[person.sqr_lx]],
    ['姓名/名称', person.sqr_name],
    ['联系电话', person.sqr_tel],
    ['证件类型', idType(person.sqr_zjlx)],
    ['证件号码', person.sqr_zjh],
    ['地址', person.sqr_adress],
    ['代理人', person.sqr_qt_dlr_name],
    ['代理人证件号', person.sqr_qt_zjh],
    ['代理人电话', person.sqr_qt_tel],
    ['法定代表人', person.sqr_qt_fr_name],
    ['法定代表人证件号', person.sqr_qt_fr_zjh],
    ['法定代表人电话', person.sqr_qt_fr_tel],
    ['共有份额', person.sqr_gyfs !== '0' ? person.sqr_gyfe : ''],
  ];
}

function unitFields(detail: ApplicationDetail, id: string): Field[] | null {
  const unit = (id ? detail.units.find((u) => u.id === id) : undefined) ?? detail.units[0];
  if (!unit) return null;
  return Object.entries(PROPERTY_FIELD_LABELS)
    .filter(([field]) => field !== 'czfs' && field !== 'sfhbzs')
    .map(([field, label]) => [label, (unit as Record<string, string>)[field]]);
}

function rightsFields(detail: ApplicationDetail, kind: 'preNotationRights' | 'mortgageRights' | 'rightsInfo'): Field[] | null {
  const record = kind === 'rightsInfo' ? detail.qlxxInfo.find((r) => r.savetype === '99') : rightsSection(kind, detail).record;
  if (!record) return null;
  if (kind === 'mortgageRights') {
    return [
      ['抵押方式', mortgageMethodLabel(record.dyfs)],
      [record.dyfs === '2' ? '最高债权数额' : '被担保主债权数额', record.dyfs === '2' ? record.zgzqse : record.bdbzzqse],
      ['债务履行起始时间', record.zqqssj],
      ['债务履行结束时间', record.zqjssj],
      ['担保范围', record.dbfw],
      ['登记原因', record.djyy],
      ['附记', record.fj],
    ];
  }
  return [
    ['持证方式', holdingMethodLabel(record.czfs)],
    ['交易金额', record.qdjg],
    ['土地使用起始日期', record.tdsyqsrq],
    ['土地使用结束日期', record.tdsyjsrq],
    ['登记原因', record.djyy],
    ['附记', record.fj],
  ];
}

/** Which preview a path is: its title in the card and how its fields are read. */
function previewOf(pathname: string): { title: string; read: (detail: ApplicationDetail, id: string) => Field[] | null } {
  switch (pathname.toLowerCase()) {
    case paths.personD.toLowerCase():
      return { title: '申请人信息', read: personFields };
    case paths.dyxxD.toLowerCase():
    case paths.houseD.toLowerCase():
      return { title: '不动产单元信息', read: unitFields };
    case paths.ygqlxxD.toLowerCase():
      return { title: SAVE_TYPES['2'], read: (detail) => rightsFields(detail, 'preNotationRights') };
    case paths.dyqD.toLowerCase():
      return { title: SAVE_TYPES['3'], read: (detail) => rightsFields(detail, 'mortgageRights') };
    default:
      return { title: SAVE_TYPES['99'], read: (detail) => rightsFields(detail, 'rightsInfo') };
  }
}

/**
 * 项目信息预览 (spec part 2 §2): a person (/personD), unit (/dyxxD, /houseD), pre-notice rights
 * (/ygqlxxD), mortgage (/dyqD) or rights info (/qlxxD) of an application, read-only, with a button back
 * to the pair's detail page.
 */
export function Component() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openid = useSession((s) => s.user?.openid ?? '');
  const slsqId = params.get('slsqId') ?? '';
  const id = params.get('id') ?? '';
  const preview = previewOf(pathname);

  const remote = useRemote(async () => {
    if (!slsqId) throw new Error(NOT_FOUND);
    const reply = await api.getApply({ openid, slsqId });
    return dataOf(reply.errcode === '00' ? reply : { ...reply, errmsg: NOT_FOUND }, NOT_FOUND);
  }, [openid, slsqId]);

  const detail = remote.data;
  const djlx = detail?.proinst.djlx ?? params.get('djlx') ?? '';
  const qllx = detail?.proinst.qllx ?? params.get('qllx') ?? '';
  const back = previewBackTarget({ applicationId: slsqId, djlx, qllx, appointment: detail?.proinst.appointment, isSubmit: params.get('isSubmit') ?? undefined });
  const backHref = href(back.path, back.query as Record<string, string | undefined>);
  const fields = detail ? preview.read(detail, id) : null;

  return (
    <HallPage
      title="项目信息预览"
      backTo={backHref}
      footer={
        <div className="hall-upload__footer">
          <Button block color="primary" size="large" onClick={() => navigate(backHref, { replace: true })}>
            返回详情
          </Button>
        </div>
      }
    >
      {remote.loading && !detail ? (
        <LoadingState />
      ) : remote.error === NOT_FOUND || (detail && !fields) ? (
        <EmptyState description={NOT_FOUND} fullPage />
      ) : remote.error ? (
        <ErrorState message={remote.error} onRetry={() => void remote.reload()} />
      ) : fields ? (
        <section className="hall-card hall-info-fill__section" aria-label={preview.title}>
          <h2 className="hall-card__title">{preview.title}</h2>
          <dl className="hall-detail__fields">
            {fields
              .filter(([, value]) => value !== undefined)
              .map(([label, value]) => (
                <div key={label} className="hall-detail__field">
                  <dt>{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
          </dl>
        </section>
      ) : null}
    </HallPage>
  );
}
