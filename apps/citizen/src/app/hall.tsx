// The page's styles come with the screens (one stylesheet beside their code): the entry draws nothing.
import '@hall/ui/theme.css';
import '@hall/ui/style.css';
import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installAccessibilityRepairs } from '@hall/ui';
import { preloadFeedbackAfterFirstScreen } from '@hall/app';
import { installIosKeyboardFix } from '../lib/ios-keyboard';
import { HallRoutes } from './router';
import { useSession } from '../stores/session';
import { onSignInPage } from '../lib/session-start';

installIosKeyboardFix();
// Takes the bootstrap the entry started (main.tsx): every route waits for it (the /waiting guard).
if (!onSignInPage()) void useSession.getState().bootstrap();
installAccessibilityRepairs();
preloadFeedbackAfterFirstScreen();

// A transition: React draws the first screen in slices of a few milliseconds, so a slow phone's
// main thread is never held long enough to miss a tap while it does.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <HallRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
});
