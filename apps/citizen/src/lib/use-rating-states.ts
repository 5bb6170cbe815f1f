import { errcodeOk, type RatingState } from '@hall/api/browser';
import { RATING_STATES_MAX, type RatedServiceKind } from '@hall/domain';
import { useRemote } from '@hall/app';
import { useMemo } from 'react';
import { api } from './api';
import { useSession } from '../stores/session';

/**
 * Where each service a list shows stands for 好差评, asked of the server each time the list is
 * (re)loaded: the server reads whether each is the citizen's and finished, and how it was rated; the
 * list never decides it. A list the server cannot answer shows its services without a rating entry.
 */
export function useRatingStates<Item>(kind: RatedServiceKind, list: readonly Item[] | undefined, serviceIdOf: (item: Item) => string): ReadonlyMap<string, RatingState> {
  const openid = useSession((s) => s.user?.openid ?? '');
  const states = useRemote(async () => {
    const serviceIds = (list ?? []).slice(0, RATING_STATES_MAX).map(serviceIdOf);
    if (!serviceIds.length || !openid) return [];
    const reply = await api.getRatingStates({ openid, kind, serviceIds });
    return errcodeOk(reply) && reply.data ? reply.data.states : [];
    // The list itself is the key: a reload brings a new one, and with it states asked again.
  }, [kind, list, openid]);
  return useMemo(() => new Map((states.data ?? []).map((state) => [state.serviceId, state])), [states.data]);
}
