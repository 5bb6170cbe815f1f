import { PULL_REFRESH_THRESHOLD_PX } from '@hall/ui/constants';
import { EmptyState, showToast, type PageShellAction } from '@hall/ui';
import { PullToRefresh } from 'antd-mobile';
import { LoopOutline } from 'antd-mobile-icons';
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

/**
 * A screen's body by its load where every failure offers 重新加载: 加载中 until the first answer
 * (a reload keeps the loaded screen), the failure with its message, else the screen.
 */
export function RemoteBody<T>({ remote, children }: { remote: Remote<T>; children: (data: T | undefined) => ReactNode }) {
  if (remote.loading && !remote.data) return <LoadingState />;
  if (remote.error) return <ErrorState message={remote.error} onRetry={() => void remote.reload()} />;
  return <>{children(remote.data)}</>;
}

/** A loaded list, as RemoteBody: the screen drawn from its items, or the screen's empty state when there are none. */
export function RemoteList<T>({ remote, empty, children }: { remote: Remote<readonly T[]>; empty: ReactNode; children: (items: readonly T[]) => ReactNode }) {
  return <RemoteBody remote={remote}>{(items) => (items && items.length > 0 ? children(items) : empty)}</RemoteBody>;
}

/** A record list as RemoteList draws it, pulled down to load again. */
export function PullRemoteList<T>({ remote, empty, children }: { remote: Remote<readonly T[]>; empty: ReactNode; children: (items: readonly T[]) => ReactNode }) {
  return (
    <RemoteList remote={remote} empty={empty}>
      {(items) => (
        <PullToRefresh onRefresh={() => remote.reload()} threshold={PULL_REFRESH_THRESHOLD_PX}>
          {children(items)}
        </PullToRefresh>
      )}
    </RemoteList>
  );
}

/** The header's 刷新 of a record list: loads it again, then says 已刷新. */
export function refreshAction(remote: Remote<unknown>): PageShellAction {
  async function refresh() {
    await remote.reload();
    showToast('已刷新');
  }
  return { label: '刷新', icon: <LoopOutline />, onClick: () => void refresh() };
}
