import { applicationReceiptPath, errcodeOk, type ApplicationDetail, type ApplyTitle } from '@hall/api/browser';
import {
  SAVE_TYPE_CANCELLATION,
  cancellationRecordFields,
  detailPageScreen,
  detailRoute,
  applicationNumberText,
  isAppointmentApplication,
  isSubmittableOnDetail,
  progressSteps,
  showsUnitTable,
  type DetailRoute,
  type FillSection,
} from '@hall/domain/internal';
import { ApplySteps, FieldList, MaterialThumbnails, MaterialViewer, showConfirm, type MaterialViewerState } from '@hall/ui';
import { Button, Result } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { RemoteView } from '../../../components/remote-view';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { dataOf, useRemote, submitWithFeedback, NotFoundError, recordOf, APPLICATION_NOT_FOUND } from '@hall/app';
import { useSession } from '../../../stores/session';
import { personSection, rightsSection, visibleSections } from '../info-fill/fill-layout';
import { loadMaterials, materialFileUrl, type Material } from './materials';
import { InfoTable } from '../../../components/info-table';
import '../info-fill/info-fill.css';
import './materials.css';

export const CONFIRM_SUBMIT = '确定提交该申请吗？';

function routeOf(pathname: string, djlx: string, qllx: string): DetailRoute {
  const known: readonly DetailRoute[] = Object.values(paths.applyDetail);
  return known.find((route) => route.toLowerCase() === pathname.toLowerCase()) ?? detailRoute(djlx, qllx);
}

/**
 * Every read-only detail page (/applyDetail, /applyDetailYdy, /applyDetailZxdj …, spec part 2 §2,
 * §4): the application's name, the sections of the route's fill screen (hidden for an
 * appointment-only application), the materials grouped by name, and 提交 while submittable.
 */
export function ApplicationDetailPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = params.get('id') || params.get('slsqId') || '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const [viewer, setViewer] = useState<MaterialViewerState | null>(null);
  const [done, setDone] = useState(false);

  const remote = useRemote(async () => {
    if (!id) throw new NotFoundError(APPLICATION_NOT_FOUND);
    const reply = await api.getApply({ openid, slsqId: id });
    const detail = recordOf(reply, APPLICATION_NOT_FOUND, { everyFailureIsNotFound: true });
    const [title, materials] = await Promise.all([api.getApplyTitle({ prodefid: detail.proinst.prodefid }).then((r) => dataOf(r)), loadMaterials(openid, id)]);
    return { detail, title, materials };
  }, [id, openid]);

  const data = remote.data;
  const proinst = data?.detail.proinst;
  const appointment = proinst?.appointment ?? params.get('appointment') ?? '0';
  const submittable = proinst ? isSubmittableOnDetail(proinst.shzt) : false;

  async function submit() {
    if (!proinst) return;
    if (!(await showConfirm(CONFIRM_SUBMIT, { title: '提示' }))) return;
    const submitted = await submitWithFeedback(
      async () => {
        const reply = await api.submitApplyProject({ openid, proinstid: proinst.id, appointment });
        return errcodeOk(reply) ? null : reply.errmsg || '提交失败';
      },
      { loading: '提交中' },
    );
    if (!submitted) return;
    // The 完成 step: the citizen sees the application went in and its number, then goes on to 我的申请 (待审核).
    setDone(true);
    remote.reload();
  }

  if (done) {
    const withRightsInfo = !isAppointmentApplication(appointment);
    return (
      <HallPage title="提交成功" className="hall-info-fill hall-detail">
        <ApplySteps current={progressSteps(withRightsInfo).length + 1} withRightsInfo={withRightsInfo} />
        <section className="hall-card hall-detail__done" aria-label="提交结果">
          <Result status="success" icon={<CheckCircleFill aria-hidden />} title="申请已提交" description={`${proinst?.name ?? ''}已提交，请等待审核，审核结果可在“我的申请”中查看。`} />
          <p className="hall-detail__done-number">申请编号：{applicationNumberText(data?.detail.proinst.prolsh)}</p>
          <Button block color="primary" size="large" onClick={() => navigate(href(paths.pdfView, { PDFurl: applicationReceiptPath(proinst?.id ?? id) }))}>
            查看受理回执
          </Button>
          <Button block fill="outline" color="primary" size="large" className="hall-detail__done-next" onClick={() => navigate(href(paths.prodoing, { itemIndex: 1 }))}>
            查看我的申请
          </Button>
        </section>
      </HallPage>
    );
  }

  return (
    <HallPage
      title="申请详情"
      className="hall-info-fill hall-detail"
      footer={
        data && submittable ? (
          <div className="hall-upload__footer">
            <Button block color="primary" size="large" onClick={() => void submit()}>
              提交
            </Button>
          </div>
        ) : undefined
      }
    >
      <RemoteView remote={remote} notFound={APPLICATION_NOT_FOUND}>
        {(data) => (
          <>
            <p className="hall-info-fill__name">{data.detail.proinst.name}</p>
            {isAppointmentApplication(appointment) ? null : (
              <DetailSections route={routeOf(pathname, data.detail.proinst.djlx, data.detail.proinst.qllx)} detail={data.detail} title={data.title} isSubmit={submittable ? '1' : '0'} />
            )}
            <MaterialsCard materials={data.materials} onOpen={(pictures, index) => setViewer({ pictures, index })} />
          </>
        )}
      </RemoteView>
      {/* The journeys find the viewer's close button by its old name, hall-gallery__close. */}
      <MaterialViewer state={viewer} onClose={() => setViewer(null)} closeClassName="hall-gallery__close" />
    </HallPage>
  );
}

function DetailSections({ route, detail, title, isSubmit }: { route: DetailRoute; detail: ApplicationDetail; title: ApplyTitle; isSubmit: string }) {
  const navigate = useNavigate();
  const screen = detailPageScreen(route);
  const { id: slsqId, djlx, qllx } = detail.proinst;
  const common = { slsqId, isSubmit, djlx, qllx };

  if (screen === 'infofillzxdj') {
    const record = detail.qlxxInfo.find((r) => r.savetype === SAVE_TYPE_CANCELLATION);
    return (
      <section className="hall-card hall-info-fill__section" aria-label="注销信息">
        <h2 className="hall-card__title">注销信息</h2>
        <FieldList fields={cancellationRecordFields(record)} />
      </section>
    );
  }

  function render(section: FillSection): ReactNode {
    switch (section) {
      case 'obligor':
      case 'obligee':
      case 'mortgagee': {
        const { title: name, kind: type, rows } = personSection(section, detail, title);
        return (
          <ReadSection key={section} title={name} head={['序', '姓名', '联系方式', '操作']}>
            {rows.map((person, index) => (
              <Row
                key={person.sqr_id}
                cells={[String(index + 1), person.sqr_name, person.sqr_tel]}
                label={person.sqr_name}
                onView={() => navigate(href(paths.recordPreview.person, { type, id: person.sqr_id, ...common }))}
              />
            ))}
          </ReadSection>
        );
      }
      case 'unit': {
        const units = showsUnitTable(detail.units) ? detail.units : [];
        return (
          <ReadSection key={section} title="不动产单元信息" head={['序', '不动产单元号', '操作']}>
            {units.map((unit, index) => (
              <Row key={unit.id} cells={[String(index + 1), unit.bdcdyh]} label={unit.bdcdyh} onView={() => navigate(href(paths.recordPreview.unit, { id: unit.id, ...common }))} />
            ))}
          </ReadSection>
        );
      }
      case 'preNotationRights':
      case 'mortgageRights': {
        const rights = rightsSection(section, detail);
        const record = rights.record;
        return (
          <ReadSection key={section} title={rights.title} head={['序', rights.methodHead, '操作']}>
            {record && rights.method ? (
              <Row key={record.id} cells={['1', rights.methodLabel]} label={rights.title} onView={() => navigate(href(rights.previewPath, { id: record.id, ...common }))} />
            ) : null}
          </ReadSection>
        );
      }
      default:
        return null;
    }
  }

  return <>{visibleSections(screen, detail, title).map(render)}</>;
}

function ReadSection({ title, head, children }: { title: string; head: string[]; children: ReactNode }) {
  const rows = (Array.isArray(children) ? children : [children]).filter(Boolean) as ReactNode[];
  return (
    <section className="hall-card hall-info-fill__section" aria-label={title}>
      <h2 className="hall-card__title">{title}</h2>
      <InfoTable label={title} head={head} rows={rows} />
    </section>
  );
}

function Row({ cells, label, onView }: { cells: string[]; label: string; onView: () => void }) {
  return (
    <tr>
      {cells.map((cell, index) => (
        <td key={index}>{cell}</td>
      ))}
      <td>
        <button type="button" className="hall-info-fill__manage" aria-label={`查看${label}`} onClick={onView}>
          查看
        </button>
      </td>
    </tr>
  );
}

/** The uploaded materials, grouped by material name, each with its thumbnails. */
function MaterialsCard({ materials, onOpen }: { materials: Material[]; onOpen: (images: string[], index: number) => void }) {
  const groups = new Map<string, string[]>();
  for (const material of materials) {
    const list = groups.get(material.name) ?? [];
    list.push(...material.pro_attachment.map((file) => materialFileUrl(file)));
    groups.set(material.name, list);
  }
  return (
    <section className="hall-card hall-info-fill__section" aria-label="申请材料">
      <h2 className="hall-card__title">申请材料</h2>
      {[...groups].map(([name, images]) => (
        <div key={name} className="hall-upload__group" aria-label={name} role="group">
          <h3 className="hall-upload__name">{name}</h3>
          {images.length === 0 ? <p className="hall-info-fill__empty">暂未上传</p> : <MaterialThumbnails name={name} pictures={images} onOpen={(index) => onOpen(images, index)} />}
        </div>
      ))}
    </section>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ApplicationDetailPage as Component };
