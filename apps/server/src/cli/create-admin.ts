import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { runCommand, withHallDatabase } from './command';
import { createOperatorAccount, hasAdministrator } from '../services/operators/accounts';

const USAGE = `用法: bash scripts/create-admin.sh <账号> <姓名> [--force]
  在本大厅的数据库中创建一名系统管理员，并打印一次性的临时密码（首次登录后须修改）。
  数据库: DATABASE_URL，未设置时为 HALL_DATA_DIR（默认 ./data）中的内置 PostgreSQL，服务运行中也可使用。
  已有系统管理员时不再创建，请由其在管理端「账号管理」中新增；--force 仍然创建（例如所有管理员都无法登录时）。`;

/** A temporary password with letters and digits, as the password rule asks. */
function temporaryPassword(): string {
  return `${randomBytes(9).toString('base64url')}a7`;
}

/** The first administrator of a hall (docs/architecture.md §6): there is no other way in to a new production hall. */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  const [username, displayName] = positionals;
  if (values.help || !username || !displayName) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = readEnv();
  return withHallDatabase(env, async ({ connection }) => {
    if ((await hasAdministrator(connection.db)) && !values.force) {
      console.error('已有系统管理员：请由其在管理端「账号管理」中新增账号。确需再创建一名，请加 --force。');
      return 1;
    }
    const password = temporaryPassword();
    const account = await createOperatorAccount(connection.db, { operatorId: null, operatorName: 'create-admin', ip: 'local' }, { username, displayName, roles: ['admin'], password });
    console.log([`已创建系统管理员 ${account.displayName}（账号 ${account.username}）。`, `临时密码: ${password}`, '请打开管理端 /admin/ 登录，首次登录后须修改密码。此密码不会再次显示。'].join('\n'));
    return 0;
  });
}

runCommand(main);
