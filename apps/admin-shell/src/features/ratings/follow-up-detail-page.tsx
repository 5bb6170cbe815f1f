import { RATING_FOLLOW_UP_ANSWER_MAX_LENGTH, type RatingFollowUpItem } from '@hall/api/browser';
import { RATING_MESSAGES, operatorRoleTitle } from '@hall/domain';
import { FieldList } from '@hall/ui/field-list';
import { LoadingState } from '@hall/ui/load-state';
import { showSuccess } from '@hall/ui';
import { useState } from 'react';
import { ConsolePage } from '../../components/console-page';
import { useDetailItem } from '../../components/detail-panel';
import { LoadFailure } from '../../components/load-failure';
import { TextReply } from '../../components/reply-form';
import { paths } from '../../config/paths';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { loadFollowUp, sendAnswer } from './follow-ups-api';
import './follow-ups.css';

/** The answer form; the citizen reads the answer on the rating page and may rate again. */
function FollowUpAnswer({ id, onAnswered }: { id: string; onAnswered: (item: RatingFollowUpItem) => void }) {
  return (
    <TextReply
      section="整改答复"
      field={{
        id: 'follow-up-answer',
        label: '整改答复',
        placeholder: '写明核查情况和整改措施；市民将在评价页看到这条答复，并可再次评价；提交后不能修改',
        maxLength: RATING_FOLLOW_UP_ANSWER_MAX_LENGTH,
      }}
      required={RATING_MESSAGES.answerRequired}
      submitLabel="提交答复"
      send={(text) => sendAnswer(id, text)}
      onSent={onAnswered}
    />
  );
}

/** 整改详情: one low rating, its reasons and comment, and the answer or the form to write it. */
export function FollowUpDetailPage() {
  const { id, back: backToList } = useDetailItem(paths.followUps.list);
  const loaded = useConsoleRemote(() => loadFollowUp(id), [id]);
  const [answered, setAnswered] = useState<RatingFollowUpItem | null>(null);
  const item = answered ?? ((!loaded.loading && loaded.data) || null);

  return (
    <ConsolePage className="follow-up-page" title="整改详情" onBack={backToList} onRefresh={loaded.reload}>
      {loaded.loading && !answered && <LoadingState />}
      <LoadFailure loaded={loaded} missing="未找到该整改" onBack={backToList} />
      {item && (
        <>
          <section className="console-section" aria-label="市民评价">
            <h2>市民评价</h2>
            <FieldList
              fields={[
                ['服务', item.serviceTitle],
                ['评价', item.gradeLabel],
                ['原因', item.reasons.join('、') || '—'],
                ['评价内容', item.comment || '—'],
                ['评价人', item.citizenName || '未填写'],
                ['评价时间', item.ratedAt],
                ['办理网点', item.site || '网上办事大厅'],
                ['整改岗位', operatorRoleTitle(item.role)],
                ['答复期限', item.followUp?.dueOn ?? ''],
                ['状态', item.state],
              ]}
            />
          </section>
          {item.followUp?.answer ? (
            <section className="console-section" aria-label="整改答复">
              <h2>整改答复</h2>
              <p className="console-text">{item.followUp.answer}</p>
              <FieldList fields={[['答复时间', item.followUp.answeredAt], ...(item.answeredBy ? ([['答复人', item.answeredBy]] as [string, string][]) : [])]} />
            </section>
          ) : (
            <FollowUpAnswer
              id={item.followUpId}
              onAnswered={(next) => {
                setAnswered(next);
                showSuccess('答复成功');
              }}
            />
          )}
        </>
      )}
    </ConsolePage>
  );
}
export { FollowUpDetailPage as Component };
