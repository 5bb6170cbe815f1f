import { ErrorState, LoadingState } from '@hall/ui/load-state';
import { Component, createElement, lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { LOAD_FAILED, NETWORK_ERROR } from './messages';

/** What a screen's module exports: its page. */
export interface ScreenModule {
  Component: ComponentType;
}

/** A route's element and the download of its code, to start ahead of time. */
export interface LazyScreen {
  element: ReactElement;
  handle: { load: () => Promise<ScreenModule> };
}

/**
 * A route whose screen loads on first use: React.lazy, shown inside ScreenOutlet. Both apps route
 * with react-router's component API (BrowserRouter and useRoutes) rather than its data router,
 * which they do not use (no loaders, actions or fetchers) and which adds 15 KB (brotli) to every
 * first screen.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  const Screen = lazy(() => load().then((module) => ({ default: module.Component })));
  return { element: createElement(Screen), handle: { load } };
}

/** Starts downloading the code of the lazy screens among the matched routes (react-router's matchRoutes). */
export function preloadScreens(matches: readonly { route: { handle?: unknown } }[] | null): void {
  for (const match of matches ?? []) {
    const handle = match.route.handle as Partial<LazyScreen['handle']> | undefined;
    void handle?.load?.().catch(() => undefined);
  }
}

/**
 * A screen whose code could not be downloaded (the phone lost its network on the way) says so and
 * offers to load the page again, instead of leaving a blank page.
 */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return createElement(ErrorState, { title: LOAD_FAILED, message: NETWORK_ERROR, onRetry: () => window.location.reload(), fullPage: true });
  }
}

/**
 * Where the routes' screens render. A navigation keeps the current screen until the next one's code
 * is there (react-router's updates are transitions); a first render meanwhile shows 加载中, and a
 * download that fails shows 加载失败 with 重新加载. `resetKey` (the path) clears a failure when the
 * citizen or operator goes elsewhere.
 */
export function ScreenOutlet({ resetKey, children }: { resetKey: string; children: ReactNode }): ReactElement {
  return createElement(ScreenLoadBoundary, { key: resetKey, children: createElement(Suspense, { fallback: createElement(LoadingState) }, children) });
}
