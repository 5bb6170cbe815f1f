import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { dataKeyRing } from '../db/sealed/data-keys';
import { runSealingPass } from '../db/sealed/sealing-pass';
import { runCommand, withHallDatabase } from './command';

const USAGE = `用法: bash scripts/rotate-data-key.sh [--batch-size 500]
  把以旧数据密钥加密、或以旧索引密钥建立查找索引的个人信息（姓名、证件号码、手机号）用当前密钥重新加密，每批一个短事务，大厅运行中也可执行。
  先把新密钥放在 HALL_DATA_KEY（或 HALL_DATA_INDEX_KEY）的最前面、旧密钥仍列在其后（例如 HALL_DATA_KEY=2:<新密钥>,1:<旧密钥>，
  HALL_DATA_INDEX_KEY=i1:<新密钥>,i0:<旧密钥>；未写编号的旧索引密钥即 i0），重启大厅的每个进程，再运行本命令；
  报告「尚余 0 项」后即可删去旧密钥。演示大厅的密钥在其数据目录的 data-key 与 data-index-key 文件中，格式相同。`;

/** Reseals every value an older data key sealed or an older index key indexed (docs/decisions/021, "Rotation"). */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'batch-size': { type: 'string', default: '500' }, help: { type: 'boolean', short: 'h', default: false } } });
  const batchSize = Number(values['batch-size']);
  if (values.help || !Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = readEnv();
  return withHallDatabase(env, async ({ connection }) => {
    console.log(`当前数据密钥: ${dataKeyRing().current.id}；当前索引密钥: ${dataKeyRing().indexKey.id}`);
    const report = await runSealingPass(connection.pool, 'rotate', { batchSize, onBatch: (table, rows) => console.log(`  ${table}: 重新加密 ${rows} 行`) });
    const total = Object.values(report.rewritten).reduce((sum, rows) => sum + rows, 0);
    console.log(`共重新加密 ${total} 行；尚余 ${report.remaining} 项${report.remaining ? '（当时正被大厅修改），请再运行一次' : '，旧密钥可从 HALL_DATA_KEY 与 HALL_DATA_INDEX_KEY 中删去'}。`);
    return report.remaining ? 3 : 0;
  });
}

runCommand(main);
