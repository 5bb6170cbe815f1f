import type { ApplicationDetail } from '@hall/api/browser';
import { SAVE_TYPES, applicantRecordFields, previewBackTarget, rightsRecordFields, unitRecordFields, type RecordField } from '@hall/domain';
import { EmptyState, FieldList } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../../components/hall-page';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useRemote, NotFoundError, recordOf } from '@hall/app';
import { useSession } from '../../../stores/session';
import { rightsSection } from '../info-fill/fill-layout';
import '../info-fill/info-fill.css';
import './materials.css';

const NOT_FOUND = '未找到该信息';

function personFields(detail: ApplicationDetail, id: string): RecordField[] | null {
  const person = detail.sqrs.find((p) => p.sqr_id === id);
  return person ? applicantRecordFields(person) : null;
}

function unitFields(detail: ApplicationDetail, id: string): RecordField[] | null {
  const unit = (id ? detail.units.find((u) => u.id === id) : undefined) ?? detail.units[0];
  return unit ? unitRecordFields(unit) : null;
}

function rightsFields(detail: ApplicationDetail, kind: 'preNotationRights' | 'mortgageRights' | 'rightsInfo'): RecordField[] | null {
  const record = kind === 'rightsInfo' ? detail.qlxxInfo.find((r) => r.savetype === '99') : rightsSection(kind, detail).record;
  return record ? rightsRecordFields(record) : null;
}

/** Which preview a path is: its title in the card and how its fields are read. */
function previewOf(pathname: string): { title: string; read: (detail: ApplicationDetail, id: string) => RecordField[] | null } {
  switch (pathname.toLowerCase()) {
    case paths.recordPreview.person.toLowerCase():
      return { title: '申请人信息', read: personFields };
    case paths.recordPreview.unit.toLowerCase():
    case paths.recordPreview.house.toLowerCase():
      return { title: '不动产单元信息', read: unitFields };
    case paths.recordPreview.preNotationRights.toLowerCase():
      return { title: SAVE_TYPES['2'], read: (detail) => rightsFields(detail, 'preNotationRights') };
    case paths.recordPreview.mortgageRights.toLowerCase():
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
export function ApplicationPreviewPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openid = useSession((s) => s.user?.openid ?? '');
  const slsqId = params.get('slsqId') ?? '';
  const id = params.get('id') ?? '';
  const preview = previewOf(pathname);

  const remote = useRemote(async () => {
    if (!slsqId) throw new NotFoundError(NOT_FOUND);
    const reply = await api.getApply({ openid, slsqId });
    return recordOf(reply, NOT_FOUND, { everyFailureIsNotFound: true });
  }, [openid, slsqId]);

  const detail = remote.data;
  const djlx = detail?.proinst.djlx ?? params.get('djlx') ?? '';
  const qllx = detail?.proinst.qllx ?? params.get('qllx') ?? '';
  const back = previewBackTarget({ applicationId: slsqId, djlx, qllx, appointment: detail?.proinst.appointment, isSubmit: params.get('isSubmit') ?? undefined });
  const backHref = href(back.path, back.query);
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
      ) : remote.failure?.kind === 'not-found' || (detail && !fields) ? (
        <EmptyState description={NOT_FOUND} fullPage />
      ) : remote.error ? (
        <ErrorState message={remote.error} onRetry={() => void remote.reload()} />
      ) : fields ? (
        <section className="hall-card hall-info-fill__section" aria-label={preview.title}>
          <h2 className="hall-card__title">{preview.title}</h2>
          <FieldList fields={fields} />
        </section>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ApplicationPreviewPage as Component };
