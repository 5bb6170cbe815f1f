import type { Remote } from '@hall/app';
import { PageShell, type PageShellProps } from '@hall/ui/page-shell';
import { LoopOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { PanelClose, useInPanel } from './detail-panel';
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
 * the page itself when it hands its data in. A detail page opened beside its list (components/detail-panel.tsx)
 * is framed as a section of the list's page instead: its title, refresh and 关闭.
 */
export function ConsolePage({ loaded, onBack, onRefresh, className, children, ...shell }: ConsolePageProps) {
  const navigate = useNavigate();
  const panel = useInPanel();
  const titleId = useId();
  if (panel) {
    const refresh = onRefresh ?? loaded?.reload;
    return (
      <section className={className ? `console-page console-page--panel ${className}` : 'console-page console-page--panel'} aria-labelledby={titleId}>
        <div className="detail-panel__bar">
          <h2 id={titleId}>{shell.title}</h2>
          {refresh && (
            <button type="button" className="detail-panel__refresh" aria-label="刷新" onClick={refresh}>
              <LoopOutline aria-hidden />
            </button>
          )}
          <PanelClose onClose={panel.close} />
        </div>
        {shell.subheader}
        {loaded && <LoadStatus loaded={loaded} />}
        {children}
        {shell.footer && <div className="detail-panel__footer">{shell.footer}</div>}
      </section>
    );
  }
  const back = onBack === null ? undefined : (onBack ?? (() => navigate(paths.home)));
  return (
    <PageShell {...shell} className={className ? `console-page ${className}` : 'console-page'} onBack={back} onRefresh={onRefresh ?? loaded?.reload}>
      {loaded && <LoadStatus loaded={loaded} />}
      {children}
    </PageShell>
  );
}
