import { LOAD_FAILED, type Remote } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { ErrorState } from '@hall/ui/load-state';
import { Button } from 'antd-mobile';
import './console-page.css';

/**
 * Why a detail page has nothing to show: the item is gone (an empty state with the way back to its
 * list) or the load failed (the server's message and a retry). Nothing while it loads or once loaded.
 */
export function LoadFailure({ loaded, missing, onBack }: { loaded: Remote<unknown>; missing: string; onBack: () => void }) {
  if (loaded.error === null) return null;
  if (loaded.failure?.kind === 'not-found') {
    return (
      <EmptyState className="console-empty" description={missing} hint="请返回列表刷新后查看">
        <Button color="primary" onClick={onBack}>
          返回列表
        </Button>
      </EmptyState>
    );
  }
  return <ErrorState title={LOAD_FAILED} message={loaded.error} onRetry={() => void loaded.reload()} />;
}
