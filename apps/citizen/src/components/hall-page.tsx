import { LoadingState as KitLoadingState, PageShell, type PageShellAction } from '@hall/ui';
import type { ReactNode } from 'react';
import { useBack } from '../lib/use-back';
import './hall-page.css';

export interface HallPageProps {
  title: string;
  /** Where the back arrow goes when there is no screen of the app to return to; the hall home by default. */
  backTo?: string;
  action?: PageShellAction;
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A screen of the hall below the home: the header with its title and back arrow, then the screen. */
export function HallPage({ title, backTo, action, footer, className, children }: HallPageProps) {
  const back = useBack(backTo);
  return (
    <PageShell title={title} onBack={back} action={action} footer={footer} className={className}>
      {children}
    </PageShell>
  );
}

/** 加载中, centred in the page. */
export function LoadingState() {
  return <KitLoadingState className="hall-page-center" />;
}

/** A failed load: the server's (or the network's) message and 重新加载. */
export { ErrorState } from '@hall/ui';
