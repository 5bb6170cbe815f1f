import { FEEDBACK_REPLY_MAX_LENGTH, FEEDBACK_REPLY_REQUIRED, type InboxFeedbackDetail } from '@hall/api/browser';
import { FieldList } from '@hall/ui/field-list';
import { LoadingState } from '@hall/ui/load-state';
import { showSuccess } from '@hall/ui';
import { useState } from 'react';
import { loadFeedback, sendReply } from './feedback-api';
import { LoadFailure } from '../../components/load-failure';
import './feedback.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { paths } from '../../config/paths';
import { TextReply } from '../../components/reply-form';
import { useDetailItem } from '../../components/detail-panel';

/** The reply form; the citizen reads the reply under 我的反馈. */
function FeedbackReply({ id, onReplied }: { id: string; onReplied: (item: InboxFeedbackDetail) => void }) {
  return (
    <TextReply
      section="回复"
      field={{ id: 'feedback-reply', label: '回复内容', placeholder: '市民将在“我的反馈”中看到这条回复；回复提交后不能修改', maxLength: FEEDBACK_REPLY_MAX_LENGTH }}
      required={FEEDBACK_REPLY_REQUIRED}
      submitLabel="提交回复"
      send={(text) => sendReply(id, text)}
      onSent={onReplied}
    />
  );
}

/** 反馈详情: one citizen's feedback and its reply, or the form to write one. */
export function FeedbackDetailPage() {
  const { id, back: backToList } = useDetailItem(paths.feedback.list);
  const loaded = useConsoleRemote(() => loadFeedback(id), [id]);
  const [replied, setReplied] = useState<InboxFeedbackDetail | null>(null);
  const item = replied ?? ((!loaded.loading && loaded.data) || null);

  return (
    <ConsolePage className="feedback-page" title="反馈详情" onBack={backToList} onRefresh={loaded.reload}>
      {loaded.loading && !replied && <LoadingState />}
      <LoadFailure loaded={loaded} missing="未找到该反馈" onBack={backToList} />
      {item && (
        <>
          <section className="console-section" aria-label="反馈内容">
            <h2>反馈内容</h2>
            <p className="console-text">{item.content}</p>
            <FieldList
              fields={[
                ['提交人', item.citizenName || '未填写'],
                ['手机号', item.maskedPhone || '未填写'],
                ['提交时间', item.submittedAt],
                ['状态', item.status === 0 ? '待回复' : '已回复'],
              ]}
            />
          </section>
          {item.status === 0 ? (
            <FeedbackReply
              id={item.id}
              onReplied={(next) => {
                setReplied(next);
                showSuccess('回复成功');
              }}
            />
          ) : (
            <section className="console-section" aria-label="回复">
              <h2>回复</h2>
              <p className="console-text">{item.reply}</p>
              <FieldList fields={[['回复时间', item.repliedAt], ...(item.repliedBy ? ([['回复人', item.repliedBy]] as [string, string][]) : [])]} />
            </section>
          )}
        </>
      )}
    </ConsolePage>
  );
}
export { FeedbackDetailPage as Component };
