import { stateOk } from '@hall/api/browser';
import type { CallOutput } from '@hall/api/browser';
import { api } from '../../lib/api';
import { useRemote } from '@hall/app';
import { useSession } from '../../stores/session';

export type CounterBooking = NonNullable<CallOutput<'getApmRecord'>['data']>[number];

/** The citizen's own counter bookings, newest first; a reply that is not state 1 reads as a failed load with its message. */
export function useCounterBookings() {
  const openId = useSession((s) => s.user?.openid) ?? '';
  return useRemote(async (): Promise<CounterBooking[]> => {
    const reply = await api.getApmRecord({ openId });
    const failure = reply as { msg?: string; errmsg?: string };
    if (!stateOk(reply)) throw new Error(failure.msg || failure.errmsg || '预约记录加载失败，请稍后重试');
    return reply.data ?? [];
  }, [openId]);
}
