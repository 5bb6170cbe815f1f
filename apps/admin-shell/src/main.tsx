import '@hall/ui/theme.css';
import './lib/hall';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installAccessibilityRepairs } from '@hall/ui';
import { preloadFeedbackAfterFirstScreen } from '@hall/app';
import { router } from './app/router';

installAccessibilityRepairs();
preloadFeedbackAfterFirstScreen();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
