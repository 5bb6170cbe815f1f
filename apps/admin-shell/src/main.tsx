import '@hall/ui/theme.css';
import './lib/hall';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installAccessibilityRepairs } from '@hall/ui';
import { preloadFeedbackAfterFirstScreen } from '@hall/app';
import { AdminRoutes } from './app/router';

installAccessibilityRepairs();
preloadFeedbackAfterFirstScreen();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <AdminRoutes />
    </BrowserRouter>
  </StrictMode>,
);
