import { webstateOk } from '@hall/api/browser';
import { FEEDBACK_MAX_LENGTH, validateFeedback } from '@hall/domain';
import { showConfirm, showToast, showWarning } from '@hall/ui';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';
import { useFeedbackDraft } from './feedback-draft';
import './feedback.css';

/** What the list passes when it opens the form, so a sent item returns to that list rather than stacking another. */
export interface FeedbackFormState {
  fromList?: boolean;
}

const SUBMIT_FAILED = '提交失败';

/** /feedBack: one text of at most 200 characters, confirmed before it is sent. */
export function FeedbackPage() {
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const fromList = (useLocation().state as FeedbackFormState | null)?.fromList === true;
  const [content, setContent, clearDraft] = useFeedbackDraft(openid);
  const [sending, setSending] = useState(false);

  async function submit() {
    const problem = validateFeedback({ content });
    if (problem) {
      await showWarning(problem);
      return;
    }
    if (!(await showConfirm('确定提交该反馈吗？'))) return;
    setSending(true);
    const sent = await submitWithFeedback(
      async () => {
        const reply = await api.sendSaveFeedback({ openid, content: content.trim() });
        return webstateOk(reply) ? null : reply.errmsg || reply.msg || SUBMIT_FAILED;
      },
      { loading: '提交中', networkFailure: SUBMIT_FAILED, onSettled: () => setSending(false) },
    );
    if (!sent) return;
    clearDraft();
    showToast('提交成功');
    if (fromList) navigate(-1);
    else navigate(paths.feedBackList, { replace: true });
  }

  return (
    <HallPage title="意见反馈" backTo={paths.feedBackList} className="hall-feedback">
      <section className="hall-card">
        <label htmlFor="feedback-content" className="hall-card__title">
          反馈内容
        </label>
        <TextArea
          id="feedback-content"
          className="hall-feedback__text"
          placeholder="请输入您对网上办事大厅的意见或建议"
          value={content}
          onChange={setContent}
          maxLength={FEEDBACK_MAX_LENGTH}
          rows={7}
          showCount
        />
      </section>
      <p className="hall-note hall-feedback__note">我们会认真阅读每一条反馈，回复后可在“意见反馈”列表中查看。</p>
      <div className="hall-feedback__actions">
        <Button block color="primary" size="large" loading={sending} onClick={() => void submit()}>
          提交
        </Button>
      </div>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { FeedbackPage as Component };
