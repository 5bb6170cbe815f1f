import { faceCheckAdvice } from '@hall/domain';
import { Button, Result } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { HallPage } from '../../components/hall-page';
import { paths } from '../../config/paths';

export type FaceOutcome = { result: 'passed' } | { result: 'failed'; message: string };

/** How long 认证通过 stays before the profile shows again. */
const PASSED_RETURN_MS = 1500;
const NO_REASON = '人脸核身未通过';

/**
 * What to do after a failed check: the advice for one of the hall's own reasons (人脸与身份证照片不一致,
 * 活体检测未通过, 身份信息不一致), else by what the reason names: the profile's name or ID number, a
 * check that ran out of time, or (most often) the face itself.
 */
function adviceFor(reason: string): readonly string[] {
  const known = faceCheckAdvice(reason);
  if (known) return known;
  if (reason.includes('姓名') || reason.includes('身份证')) return ['请确认个人信息中的姓名、身份证号与本人身份证一致', '由身份证本人重新认证'];
  if (reason.includes('超时') || reason.includes('未找到')) return ['请返回后点击“立即认证”重新开始', '进入人脸核身后请在5分钟内完成'];
  return ['请由身份证本人操作，在光线充足处正对手机屏幕', '摘下帽子、口罩和眼镜，按屏幕提示完成动作', '网络不稳定时请换到信号好的地方后重试'];
}

/** The provider's reason; a bare 认证失败 says nothing more than the title. */
function reasonOf(message: string): string {
  return message && message !== '认证失败' ? message : NO_REASON;
}

/** The face-authentication result (spec part 3 §2.20): 认证通过, then the profile; or 认证失败 with a warning icon. */
export function FaceResult({ outcome, onDone }: { outcome: FaceOutcome; onDone: () => void }) {
  const passed = outcome.result === 'passed';
  useEffect(() => {
    if (!passed) return;
    const timer = window.setTimeout(onDone, PASSED_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [passed, onDone]);

  return (
    <HallPage title="实名认证" backTo={paths.my} className="hall-face-result">
      <div className="hall-face-result__body" role="status" aria-live="polite">
        {passed ? (
          <Result status="success" icon={<CheckCircleFill />} title="认证通过" description="您已完成实名认证，可以办理网上业务了" />
        ) : (
          <>
            <Result status="warning" icon={<ExclamationCircleFill />} title="认证失败" description={`失败原因：${reasonOf(outcome.message)}`} />
            <section className="hall-face-result__advice" aria-label="您可以这样做">
              <h2>您可以这样做</h2>
              <ul>
                {adviceFor(reasonOf(outcome.message)).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          </>
        )}
        <div className="hall-face-result__actions">
          <Button block color="primary" size="large" onClick={onDone}>
            {passed ? '返回个人信息' : '返回重新认证'}
          </Button>
        </div>
      </div>
    </HallPage>
  );
}
