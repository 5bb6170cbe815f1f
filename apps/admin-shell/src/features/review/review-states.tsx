import { EmptyState } from '@hall/ui/empty-state';
import { Button, DotLoading } from 'antd-mobile';

/** 加载中, while a review screen waits for the server. */
export function ReviewLoading() {
  return (
    <div className="review-state" role="status">
      <DotLoading color="primary" />
      <p>加载中</p>
    </div>
  );
}

/** Why a review screen could not load, and a way to try again. */
export function ReviewFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState className="review-state" description="加载失败" hint={message}>
      <Button color="primary" onClick={onRetry}>
        重新加载
      </Button>
    </EmptyState>
  );
}
