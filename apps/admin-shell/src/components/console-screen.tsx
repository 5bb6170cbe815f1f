import type { Remote } from '@hall/app';
import { PageShell, type PageShellProps } from '@hall/ui/page-shell';
import { useNavigate } from 'react-router';
import { LoadStatus } from './load-status';

/**
 * A page of the console opened from its home: the back arrow returns home, refresh reloads the
 * page's data, and its load (加载中, or the failure with a retry) shows above the page itself.
 */
export function ConsoleScreen({ loaded, children, ...shell }: Omit<PageShellProps, 'onBack' | 'onRefresh'> & { loaded: Remote<unknown> }) {
  const navigate = useNavigate();
  return (
    <PageShell {...shell} onBack={() => navigate('/')} onRefresh={loaded.reload}>
      <LoadStatus loaded={loaded} />
      {children}
    </PageShell>
  );
}
