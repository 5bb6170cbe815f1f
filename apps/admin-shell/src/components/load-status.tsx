import { LOAD_FAILED, type Remote } from '@hall/app';
import { ErrorState, LoadingState } from '@hall/ui/load-state';

/** A page's load as it goes: 加载中 while it loads, then a failure with its message and a retry. Nothing once loaded. */
export function LoadStatus({ loaded }: { loaded: Remote<unknown> }) {
  return (
    <>
      {loaded.loading && <LoadingState />}
      {loaded.error !== null && <ErrorState title={LOAD_FAILED} message={loaded.error} onRetry={() => void loaded.reload()} />}
    </>
  );
}
