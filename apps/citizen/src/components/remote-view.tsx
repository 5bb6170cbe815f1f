import { EmptyState } from '@hall/ui';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './hall-page';
import type { Remote } from '@hall/app';

/**
 * A screen's body by its load: 加载中, not found (the screen's own wording, else the load's
 * message), a failure with 重新加载, or the screen drawn from the loaded data.
 */
export function RemoteView<T>({ remote, notFound, children }: { remote: Remote<T>; notFound?: string; children: (data: T) => ReactNode }) {
  if (remote.loading && remote.data === undefined) return <LoadingState />;
  if (remote.failure?.kind === 'not-found') return <EmptyState description={notFound ?? remote.error} fullPage />;
  if (remote.error) return <ErrorState message={remote.error} onRetry={() => void remote.reload()} />;
  return remote.data === undefined ? null : <>{children(remote.data)}</>;
}
