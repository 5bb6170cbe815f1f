import '@hall/ui/theme.css';
import '@hall/ui/style.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installAccessibilityRepairs } from '@hall/ui';
import { preloadFeedbackAfterFirstScreen } from '@hall/app';
import { installIosKeyboardFix } from './lib/ios-keyboard';
import './lib/landing';
import { HallRoutes } from './app/router';
import { useSession } from './stores/session';

installIosKeyboardFix();
// Every route waits for the session (the /waiting guard), so it starts now, alongside the first
// screen's code, rather than once /waiting has rendered.
void useSession.getState().bootstrap();
installAccessibilityRepairs();
preloadFeedbackAfterFirstScreen();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <HallRoutes />
    </BrowserRouter>
  </StrictMode>,
);
