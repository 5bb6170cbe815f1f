import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../db/client';
import { readEnv } from '../env';
import { runCommand, withHallDatabase } from './command';
import { applyRetentionPolicy } from '../services/retention/retention-policy';
import { openFileStorage } from '../storage/select';

const USAGE = `用法: bash scripts/retention.sh
  按保存期限清理一次并报告删除了什么（docs/deploy.md「保存期限」）：
  审计日志超过 HALL_AUDIT_RETENTION_MONTHS 个月（至少 6 个月）的条目先归档到 HALL_ARCHIVE_DIR（gzip 的 JSON 行，附 SHA-256）再删除；
  证书、电子证照与档案查询记录超过 HALL_QUERY_RECORD_RETENTION_DAYS 天、验签记录超过 HALL_VERIFICATION_RETENTION_DAYS 天的删除，
  其文件与过期草稿随后由存储清理删除。以数据库表的所有者运行（外部数据库须设置 HALL_MIGRATION_DATABASE_URL）。`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = readEnv();
  return withHallDatabase(env, async ({ ownerUrl }) => {
    // The audit trail yields its old rows only to the tables' owner, never to the hall's own role.
    const owner = connectDatabase(ownerUrl, 2);
    try {
      const archiveFolder = env.HALL_ARCHIVE_DIR ?? join(env.HALL_DATA_DIR, 'archive');
      const report = await applyRetentionPolicy({ db: owner.db, env, files: await openFileStorage(env) }, owner.pool, { archiveFolder });
      for (const file of report.audit.settled.completed) console.log(`审计日志: 上次中断的归档已完成 ${file}（其条目已在上次删除）`);
      for (const file of report.audit.settled.discarded) console.log(`审计日志: 上次中断、未生效的归档已删除 ${file}（其条目本次重新归档）`);
      console.log(report.audit.file ? `审计日志: 归档并删除 ${report.audit.rows} 条，归档文件 ${report.audit.file}（SHA-256 ${report.audit.sha256}）` : '审计日志: 没有超过保存期限的条目');
      console.log(`查询记录: 删除 ${report.queryRecords} 条；验签记录: 删除 ${report.verificationRecords} 条`);
      console.log(`存储清理: 删除过期草稿 ${report.drafts} 件、不再被引用的文件 ${report.files} 个`);
      return 0;
    } finally {
      await owner.close();
    }
  });
}

runCommand(main);
