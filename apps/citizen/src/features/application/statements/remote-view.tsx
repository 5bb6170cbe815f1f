import { EmptyState } from '@hall/ui';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/hall-page';
import { APPLICATION_NOT_FOUND, type Remote } from '@hall/app';

/** A statement screen's body by its load: 加载中, not found, a failure with 重新加载, or the screen. */
export function RemoteView<T>({ remote, children }: { remote: Remote<T>; children: (data: T) => ReactNode }) {
  if (remote.loading && remote.data === undefined) return <LoadingState />;
  if (remote.failure?.kind === 'not-found') return <EmptyState description={APPLICATION_NOT_FOUND} fullPage />;
  if (remote.error) return <ErrorState message={remote.error} onRetry={() => void remote.reload()} />;
  return remote.data === undefined ? null : <>{children(remote.data)}</>;
}
