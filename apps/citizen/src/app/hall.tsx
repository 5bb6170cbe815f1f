import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installAccessibilityRepairs } from '@hall/ui';
import { preloadFeedbackAfterFirstScreen } from '@hall/app';
import { installIosKeyboardFix } from '../lib/ios-keyboard';
import { HallRoutes } from './router';
import { useSession } from '../stores/session';

installIosKeyboardFix();
// Takes the bootstrap the entry started (main.tsx): every route waits for it (the /waiting guard).
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
