import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { auditActor } from '../../../plugins/operator-session';
import { markAttendance, readCounterDay } from '../../../services/appointments/day/counter-day';

const COUNTER = { role: 'counter' } as const;

/** The counter's day (docs/architecture.md §6) for the 窗口人员: the bookings of a site and date, 到场 and 未到 recorded once, audited. */
export async function counterDayArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getCounterDay, { auth: 'operator', operator: COUNTER }, async (request) => {
    return { errcode: '00', data: await readCounterDay(db, request.body, new Date(), request.operator.account.sites) };
  });

  registerCall(app, contract.markCounterAttendance, { auth: 'operator', operator: COUNTER, rateLimit: { max: 240, timeWindow: '1 minute' } }, async (request) => {
    const data = await markAttendance(db, auditActor(request), request.body, request.operator.account.sites);
    return { errcode: '00', errmsg: data.state === 'arrived' ? '已登记到场' : '已登记未到', data };
  });
}
