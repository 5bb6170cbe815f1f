import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';

/** How many entries of this app lie behind the current one (react-router keeps it in history.state). */
function entriesBehind(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/**
 * The back arrow: one step back when the citizen came here from another screen of the app,
 * otherwise (a shared link, a reload after sign-in) to `fallback`, the hall home by default.
 */
export function useBack(fallback: string = paths.home): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (entriesBehind() > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
