import { lazy, Suspense, useRef, type ComponentProps, type ReactElement } from 'react';

const Sheet = lazy(() => import('./sheet'));

/**
 * antd-mobile's ActionSheet, loaded the first time it opens: a list screen paints without the
 * sheet's code (about 30 KB gzip with the popup, animation and gesture code under it). Once
 * loaded it stays mounted, so it closes with its animation as before.
 */
export function ActionSheet(props: ComponentProps<typeof Sheet>): ReactElement | null {
  const opened = useRef(false);
  if (props.visible) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
