import type { FastifyInstance } from 'fastify';
import { faceSimulatorRoutes } from './faceid';
import { oidcSimulatorRoutes } from './oidc';
import { smsSimulatorRoutes } from './sms';
import { wechatSimulatorRoutes } from './wechat';
import { wechatPlatformSimulatorRoutes } from './wechat-platform';

/** The stand-ins of outside services, each only where the hall has no real one (demo mode, docs/architecture.md §12). */
export async function simulatorArea(app: FastifyInstance): Promise<void> {
  const { simulators } = app.hall;
  if (simulators.wechat) await app.register(wechatSimulatorRoutes, { prefix: '/simulator/wechat' });
  if (simulators.wechat) await app.register(wechatPlatformSimulatorRoutes, { prefix: '/simulator/wechat' });
  if (simulators.sms) await app.register(smsSimulatorRoutes);
  if (simulators.faceid) await app.register(faceSimulatorRoutes);
  if (simulators.oidc) await app.register(oidcSimulatorRoutes);
}
