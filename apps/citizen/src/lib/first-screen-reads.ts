import type { BootstrapInput } from '@hall/app/session';
import { paths } from '../config/paths';
import { appointmentFilter, prefetchApplicationLists } from './application-lists';
import { prefetchApplyGuide } from './apply-guide';
import { prefetchHallMenu } from './hall-menu';

/**
 * What the screen a citizen lands on reads first, started from the session bootstrap: the hall
 * home's menu and /apply's guide (public reads) once the app item has answered, /prodoing's
 * applications once the session exists. Other screens read after the bootstrap, as before.
 */
export function firstScreenReads(landingUrl: string): Pick<BootstrapInput, 'onAppId' | 'onSignedIn'> {
  const landing = new URL(landingUrl);
  switch (landing.pathname) {
    case paths.home:
      return { onAppId: prefetchHallMenu };
    case paths.apply:
      return { onAppId: () => prefetchApplyGuide(landing.searchParams.get('id') ?? '') };
    case paths.prodoing:
      return { onSignedIn: () => prefetchApplicationLists(appointmentFilter(landing.searchParams.get('yytype'))) };
    default:
      return {};
  }
}
