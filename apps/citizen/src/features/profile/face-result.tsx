import { Button, Result } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { HallPage } from '../../components/hall-page';
import { paths } from '../../config/paths';

export type FaceOutcome = { result: 'passed' } | { result: 'failed'; message: string };

/** How long 认证通过 stays before the profile shows again. */
const PASSED_RETURN_MS = 1500;

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
          <Result status="warning" icon={<ExclamationCircleFill />} title="认证失败" description={outcome.message && outcome.message !== '认证失败' ? outcome.message : '人脸核身未通过，请重新认证'} />
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
