import '@hall/ui/theme.css';
import '@hall/ui/style.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installAccessibilityRepairs } from '@hall/ui';
import { installIosKeyboardFix } from './lib/ios-keyboard';
import './lib/landing';
import { router } from './app/router';

installIosKeyboardFix();
installAccessibilityRepairs();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
