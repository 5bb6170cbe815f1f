import { errcodeOk, type RatingState } from '@hall/api/browser';
import { RATING_STATES_MAX, type RatedServiceKind } from '@hall/domain';
import { useRemote } from '@hall/app';
import { useMemo } from 'react';
import { api } from './api';
import { useSession } from '../stores/session';

/**
 * Where each service a list shows stands for 好差评, asked of the server once for the list: the server
 * reads whether each is the citizen's and finished, and how it was rated; the list never decides it.
 * A list the server cannot answer shows its services without a rating entry. `version` asks again when
 * the list's services change state on screen (a queue number being served).
 */
export function useRatingStates(kind: RatedServiceKind, serviceIds: readonly string[], version = ''): ReadonlyMap<string, RatingState> {
  const openid = useSession((s) => s.user?.openid ?? '');
  const asked = serviceIds.slice(0, RATING_STATES_MAX).join(',');
  const states = useRemote(async () => {
    if (!asked || !openid) return [];
    const reply = await api.getRatingStates({ openid, kind, serviceIds: asked.split(',') });
    return errcodeOk(reply) && reply.data ? reply.data.states : [];
  }, [kind, asked, openid, version]);
  return useMemo(() => new Map((states.data ?? []).map((state) => [state.serviceId, state])), [states.data]);
}
