import { resolve } from 'node:path';
import { buildApp } from './app';
import { openHallDatabase } from './db/open';
import { seedHall } from './seed';
import { DataKeyError, installDataKeys, loadDataKeys } from './db/sealed/data-keys';
import { sealAtStart } from './db/sealed/sealing-pass';
import { readEnv } from './env';
import { assertProductionSettings, MissingSettingsError } from './mode';
import { createContext } from './hall';
import { startCalendarExtension } from './services/appointments/settings/calendar-extension';
import { hasAdministrator } from './services/operators/accounts';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from './seed/operators';
import { OPERATOR_ROLES } from '@hall/domain';

/** Starts the whole hall: database (embedded unless DATABASE_URL), migrations, demo data, server. */
async function main(): Promise<void> {
  const env = readEnv();
  // A production hall without its settings stops here, before it touches a database.
  assertProductionSettings(env);
  installDataKeys(await loadDataKeys(env));
  const { connection, embedded } = await openHallDatabase(env);
  // Rows written before sealing began are sealed before the hall answers: lookups by blind index find only sealed rows.
  const sealedRows = await sealAtStart(connection.pool);
  if (sealedRows) console.log(`已加密保存 ${sealedRows} 行中的个人信息（姓名、证件号码、手机号）。`);
  await seedHall(connection.pool, connection.db, env.HALL_MODE);

  let port = env.PORT;
  const hall = await createContext({ env, db: connection.db, pool: connection.pool, selfOrigin: () => `http://127.0.0.1:${port}` });
  const app = await buildApp(hall, { logger: { level: env.LOG_LEVEL } });
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  port = Number(new URL(address).port);
  // The calendar would otherwise end three weeks after the seed ran.
  const calendarJob = startCalendarExtension(connection.db, app.log);

  const shownAddress = env.HALL_PUBLIC_URL ?? `http://localhost:${port}/`;
  const demoLines = [
    '演示模式 (HALL_MODE=demo)：微信登录、人脸核身、短信和不动产登记库均为模拟，并已载入演示数据，不得用于正式办理业务。',
    `  模拟短信收件箱: ${shownAddress.replace(/\/?$/, '/')}simulator/sms/inbox`,
    `  演示管理账号（密码均为 ${DEMO_OPERATOR_PASSWORD}）: ${DEMO_OPERATORS.map((o) => `${o.username} ${OPERATOR_ROLES[o.role]}`).join('，')}`,
  ];
  // A new production hall has no way in to its console until the first administrator is made.
  const adminLines = (await hasAdministrator(connection.db)) ? [] : ['尚无系统管理员：请运行 bash scripts/create-admin.sh <账号> <姓名> 创建第一位系统管理员。'];
  console.log(
    [
      '',
      `不动产登记网上办事大厅已启动: ${shownAddress}`,
      `管理端: ${shownAddress.replace(/\/?$/, '/')}admin/`,
      `数据库: ${embedded ? `内置 PostgreSQL (${resolve(env.HALL_DATA_DIR)})` : '外部 PostgreSQL (DATABASE_URL)'}`,
      `文件签章证书 SHA-256: ${hall.documentSigner.identity.fingerprint}${hall.documentSigner.identity.source === 'demo' ? ' (演示 CA，位于数据目录)' : ''}`,
      ...(env.HALL_MODE === 'demo' ? demoLines : ['正式模式 (HALL_MODE=production)']),
      ...adminLines,
      '',
    ].join('\n'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    calendarJob.stop();
    await app.close();
    await connection.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A missing setting is the operator's to fix: its message says which, a stack trace would only hide it.
  console.error(error instanceof MissingSettingsError || error instanceof DataKeyError ? error.message : error);
  process.exit(1);
});
