import { menuClickTarget, validateUserDecision, type MenuLink } from '@hall/domain/internal';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api';
import { NETWORK_ERROR } from '@hall/app';
import { useSession } from '../stores/session';

/**
 * The menu click rule (spec part 1 §4, §8): external `view` links open with the openid appended;
 * business paths first check that the profile is complete and real-name verified.
 */
export function useGuardedNavigation(): (menu: MenuLink) => Promise<void> {
  const navigate = useNavigate();
  const openid = useSession((s) => s.user?.openid ?? '');
  return useCallback(
    async (menu: MenuLink) => {
      const target = menuClickTarget(menu, openid);
      if (target.kind === 'external') {
        window.location.href = target.url;
        return;
      }
      if (!target.path) return;
      if (target.needsUserValidation) {
        // The dialogs load on the first guarded tap, not with the home page.
        const { showAlert, showLoading } = await import('@hall/ui/feedback');
        const hide = showLoading();
        let errcode: string;
        try {
          errcode = (await api.validateUserInfo({ data: { openid } })).errcode;
        } catch {
          hide();
          await showAlert(NETWORK_ERROR);
          return;
        }
        hide();
        const decision = validateUserDecision(errcode);
        if (decision.kind !== 'proceed') {
          await showAlert(decision.message);
          if (decision.kind === 'alertThenRedirect') navigate(decision.to);
          return;
        }
      }
      navigate(target.path);
    },
    [navigate, openid],
  );
}
