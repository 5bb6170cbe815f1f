import type { Remote } from '@hall/app';
import { PageShell, type PageShellProps } from '@hall/ui/page-shell';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { LoadStatus } from './load-status';
import './console-page.css';

export type ConsolePageProps = Omit<PageShellProps, 'onBack' | 'onRefresh'> & {
  /** The page's data: its load (加载中, or the failure with a retry) shows above the page, and refresh reloads it. */
  loaded?: Remote<unknown>;
  /** Where the back arrow goes: the console's home unless given; null shows no arrow. */
  onBack?: (() => void) | null;
  /** Refresh when the page shows its load itself (a detail page's 不存在, a list kept while it reloads). */
  onRefresh?: () => void;
};

/**
 * The one frame of every console page (docs/architecture.md §13, "The console"): the kit's page with
 * its title, the back arrow (home unless told otherwise) and refresh, and the page's load above
 * the page itself when it hands its data in.
 */
export function ConsolePage({ loaded, onBack, onRefresh, className, children, ...shell }: ConsolePageProps) {
  const navigate = useNavigate();
  const back = onBack === null ? undefined : (onBack ?? (() => navigate(paths.home)));
  return (
    <PageShell {...shell} className={className ? `console-page ${className}` : 'console-page'} onBack={back} onRefresh={onRefresh ?? loaded?.reload}>
      {loaded && <LoadStatus loaded={loaded} />}
      {children}
    </PageShell>
  );
}
