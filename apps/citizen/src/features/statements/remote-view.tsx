import { EmptyState } from '@hall/ui';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../components/hall-page';
import type { Remote } from '@hall/app';
import { NO_APPLICATION } from './statement-data';

/** A statement screen's body by its load: 加载中, not found, a failure with 重新加载, or the screen. */
export function RemoteView<T>({ remote, children }: { remote: Remote<T>; children: (data: T) => ReactNode }) {
  if (remote.loading && remote.data === undefined) return <LoadingState />;
  if (remote.failure?.kind === 'not-found') return <EmptyState description={NO_APPLICATION} fullPage />;
  if (remote.error) return <ErrorState message={remote.error} onRetry={() => void remote.reload()} />;
  return remote.data === undefined ? null : <>{children(remote.data)}</>;
}
