import { contract, STATISTICS_MAX_DAYS } from '@hall/api/internal';
import type { FastifyInstance } from 'fastify';
import { connectDatabase } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { registerCall } from '../register-call';
import { statisticsReport } from '../../services/statistics/report';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statistics page's figures, for the 系统管理员 (the centre's director reads them there). */
export async function statisticsArea(app: FastifyInstance): Promise<void> {
  // A read replica when one is set (a few connections: the page is opened rarely), else the primary.
  const replicaUrl = app.hall.env.HALL_STATISTICS_DATABASE_URL;
  const replica = replicaUrl ? connectDatabase(replicaUrl, 4) : undefined;
  if (replica) app.addHook('onClose', () => replica.close());
  const db = replica?.db ?? app.hall.db;
  registerCall(app, contract.getStatisticsReport, { auth: 'operator', operator: { role: 'admin' }, rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    // The contract took real calendar dates only.
    const { from, to, xzqdm } = request.body;
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
    if (days < 0) throw badRequest('开始日期不能晚于结束日期');
    if (days >= STATISTICS_MAX_DAYS) throw badRequest(`统计范围不能超过${STATISTICS_MAX_DAYS}天，请缩小日期范围`);
    return { errcode: '00', data: await statisticsReport(db, { from, to, xzqdm }) };
  });
}
