import type { ReviewApplicationDetail } from '@hall/api/browser';
import { REVIEW_OPINION_MAX_LENGTH, REVIEW_OPINION_REQUIRED } from '@hall/api/browser';
import { LOAD_FAILED, APPLICATION_NOT_FOUND, submitWithFeedback } from '@hall/app';
import { REVIEW_STAGE_LABELS, SAVE_TYPES, applicantRecordFields, applicationNumberText, enumLabel, reviewStatusLabel, rightsRecordFields, unitRecordFields, type RecordField } from '@hall/domain';
import { EmptyState } from '@hall/ui/empty-state';
import { FieldList } from '@hall/ui/field-list';
import { ErrorState, LoadingState } from '@hall/ui/load-state';
import { MaterialThumbnails, MaterialViewer, type MaterialViewerState } from '@hall/ui/material-pictures';
import { showConfirm, showSuccess } from '@hall/ui';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDetailItem } from '../../components/detail-panel';
import { decideReview, loadReviewApplication, type ReviewDecisionName, type ReviewStageName } from './review-api';
import './review.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { href, paths } from '../../config/paths';
import { ReplyForm } from '../../components/reply-form';

/** What each stage's pass is called, and what confirming it says. */
const PASS_ACTIONS: Readonly<Record<ReviewStageName, { label: string; confirm: string; done: string }>> = {
  cadastralSurvey: { label: '审核通过', confirm: '确定通过该申请的权籍调查审核吗？通过后进入受理审核。', done: '已通过权籍调查审核' },
  acceptance: { label: '受理', confirm: '确定受理该申请吗？受理后登记中心开始办理，申请人可按申请编号查询进度。', done: '已受理' },
};

/** A record's filled-in fields; 未填写 when none is. */
function Fields({ fields }: { fields: readonly RecordField[] }) {
  return <FieldList fields={fields} hideBlank empty="未填写" />;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="console-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Every material with its pictures; the viewer swipes through all the application's pictures. */
function Materials({ materials }: { materials: ReviewApplicationDetail['materials'] }) {
  const pictures = materials.map((material) => material.pro_attachment.map((file) => file.url));
  const all = pictures.flat();
  // Where each material's pictures start among all of them.
  const offsets = pictures.map((_, index) => pictures.slice(0, index).reduce((count, list) => count + list.length, 0));
  const [viewing, setViewing] = useState<MaterialViewerState | null>(null);
  return (
    <>
      {materials.map((material, position) => {
        const own = pictures[position]!;
        return (
          <div key={material.id} className="review-material">
            <div className="review-material__name">
              {material.required === '是' && <span className="review-star">*</span>}
              {material.name}
              <span className="console-muted">（{own.length}张）</span>
            </div>
            <MaterialThumbnails name={material.name} pictures={own} onOpen={(index) => setViewing({ pictures: all, index: offsets[position]! + index })} />
          </div>
        );
      })}
      <MaterialViewer state={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function ApplicationView({ detail }: { detail: ReviewApplicationDetail }) {
  const { proinst } = detail;
  const opinions = (
    [
      ['权籍调查意见', proinst.pro_slxmsh.sh_qjdc_yj],
      ['受理审核意见', proinst.pro_slxmsh.sh_xmsl_yj],
    ] satisfies RecordField[]
  ).filter(([, text]) => text);
  return (
    <>
      <Section title="申请信息">
        <Fields
          fields={[
            ['业务名称', detail.business_name || proinst.name],
            ['登记类型', proinst.djlx_name],
            ['申请编号', applicationNumberText(proinst.prolsh)],
            ['流水号', proinst.slbh],
            ['申请地点', proinst.areaname],
            ['提交人', proinst.user_name || '未填写'],
            ['提交时间', proinst.tjsj],
            ['审核状态', reviewStatusLabel(proinst.shzt)],
            ...opinions,
          ]}
        />
      </Section>
      <Section title="申请人">
        {detail.sqrs.length === 0 && <p className="console-muted">未添加申请人</p>}
        {detail.sqrs.map((person) => (
          <div key={person.sqr_id} className="console-card" role="group" aria-label={`申请人${person.sqr_name}`}>
            <h3>{person.sqr_name}</h3>
            <Fields fields={applicantRecordFields(person)} />
          </div>
        ))}
      </Section>
      {detail.units.length > 0 && (
        <Section title="不动产单元">
          {detail.units.map((unit) => (
            <div key={unit.id} className="console-card">
              <Fields fields={unitRecordFields(unit)} />
            </div>
          ))}
        </Section>
      )}
      {detail.qlxxInfo.map((record) => (
        <Section key={record.id} title={enumLabel(SAVE_TYPES, record.savetype) ?? '权利信息'}>
          <Fields fields={rightsRecordFields(record)} />
        </Section>
      ))}
      <Section title="申请材料">
        <Materials materials={detail.materials} />
      </Section>
    </>
  );
}

/** The opinion sheet of a rejection: what the applicant must fix, required, then 确定驳回. */
function RejectSheet({ stage, visible, busy, onClose, onReject }: { stage: ReviewStageName; visible: boolean; busy: boolean; onClose: () => void; onReject: (opinion: string) => void }) {
  const [opinion, setOpinion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="review-sheet" destroyOnClose>
      <h2>驳回申请（{REVIEW_STAGE_LABELS[stage]}）</h2>
      <ReplyForm
        text={{
          id: 'review-opinion',
          label: '驳回意见',
          placeholder: '请写明需要申请人修改或补充的内容，申请人将在“已驳回”中看到',
          rows: 4,
          maxLength: REVIEW_OPINION_MAX_LENGTH,
          value: opinion,
          onChange: (value) => {
            setOpinion(value);
            setProblem(null);
          },
        }}
        problem={problem}
        busy={busy}
        submitLabel="确定驳回"
        danger
        onCancel={onClose}
        onSubmit={() => {
          if (!opinion.trim()) setProblem(REVIEW_OPINION_REQUIRED);
          else onReject(opinion.trim());
        }}
      />
    </Popup>
  );
}

/** 审核详情: one submitted application in full, with the decisions of the stage it waits at. */
export function ReviewDetailPage() {
  const [params] = useSearchParams();
  // The list of the stage the application waits at, once known: back, and after a decision.
  const { id, back: backToList } = useDetailItem(() => href(paths.review.list, {}, { stage: stage ?? params.get('stage') ?? 'cadastralSurvey' }));
  const loaded = useConsoleRemote(() => loadReviewApplication(id), [id]);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const detail = (!loaded.loading && loaded.data) || null;
  const stage = detail?.stage ?? null;

  async function decide(decision: ReviewDecisionName, opinion?: string) {
    if (!stage) return;
    setBusy(true);
    // A refusal (another reviewer decided first, a missing opinion …) is alerted over the application, read again.
    const done = await submitWithFeedback(() => decideReview(id, stage, decision, opinion), {
      onSettled: () => {
        setBusy(false);
        setRejecting(false);
      },
      onFailure: () => void loaded.reload(),
    });
    if (!done) return;
    showSuccess(decision === 'pass' ? PASS_ACTIONS[stage].done : '已驳回');
    backToList();
  }

  async function pass() {
    if (!stage) return;
    const confirmed = await showConfirm(PASS_ACTIONS[stage].confirm, { title: PASS_ACTIONS[stage].label });
    if (confirmed) await decide('pass');
  }

  return (
    <ConsolePage
      className="review-page"
      title="审核详情"
      onBack={backToList}
      footer={
        stage ? (
          <div className="review-actions review-actions--footer">
            <Button block color="danger" fill="outline" disabled={busy} onClick={() => setRejecting(true)}>
              驳回
            </Button>
            <Button block color="primary" loading={busy && !rejecting} disabled={busy} onClick={() => void pass()}>
              {PASS_ACTIONS[stage].label}
            </Button>
          </div>
        ) : undefined
      }
    >
      {loaded.loading && <LoadingState />}
      {loaded.error !== null &&
        (loaded.failure?.kind === 'not-found' ? (
          <EmptyState className="review-empty" description={APPLICATION_NOT_FOUND} hint="它可能尚未提交或已被申请人删除，请返回列表查看">
            <Button color="primary" onClick={backToList}>
              返回列表
            </Button>
          </EmptyState>
        ) : (
          <ErrorState title={LOAD_FAILED} message={loaded.error} onRetry={() => void loaded.reload()} />
        ))}
      {detail && (
        <>
          {stage ? (
            <p className="review-stage" role="note">
              当前环节：{REVIEW_STAGE_LABELS[stage]}
            </p>
          ) : (
            <EmptyState description={`该申请已${reviewStatusLabel(detail.proinst.shzt) || '处理'}`} hint="不在审核环节中，无需操作" />
          )}
          <ApplicationView detail={detail} />
        </>
      )}
      {stage && <RejectSheet stage={stage} visible={rejecting} busy={busy} onClose={() => setRejecting(false)} onReject={(opinion) => void decide('reject', opinion)} />}
    </ConsolePage>
  );
}
export { ReviewDetailPage as Component };
