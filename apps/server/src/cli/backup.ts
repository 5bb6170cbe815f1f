import { parseArgs } from 'node:util';
import { backupSecret } from '../backup/backup-key';
import { backupDirectory, backupStampFile } from '../backup/backup-settings';
import { deriveBackupKeys } from '../backup/sealed-files';
import { takeBackup } from '../backup/take-backup';
import { readEnv } from '../env';
import { runCommand, withHallDatabase } from './command';
import { openFileStorage } from '../storage/select';

const USAGE = `用法: bash scripts/backup.sh [--to <目录>] [--keep <份数>] [--key-file <文件>]
  在大厅运行中做一份一致的备份：数据库各表（同一快照）与其引用的上传文件，逐一以 AES-256-GCM 加密，
  附清单（大小、SHA-256、大厅版本、数据库结构版本）。
  --to       备份放在哪里（默认 HALL_BACKUP_DIR，未设置时为 HALL_DATA_DIR/backups）
  --keep     只保留最新的几份（默认 HALL_BACKUP_KEEP，7）
  --key-file 密钥文件（默认 HALL_BACKUP_KEY；演示大厅为数据目录中的 backup-key）`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, keep: { type: 'string' }, 'key-file': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = readEnv();
  const keep = values.keep ? Number(values.keep) : env.HALL_BACKUP_KEEP;
  if (!Number.isInteger(keep) || keep < 1) {
    console.error('--keep 须是正整数。');
    return 2;
  }
  const keys = deriveBackupKeys(await backupSecret(env, { keyFile: values['key-file'], create: true }));
  return withHallDatabase(env, async ({ connection }) => {
    const started = Date.now();
    const report = await takeBackup({ env, pool: connection.pool, files: await openFileStorage(env) }, keys, { directory: values.to ?? backupDirectory(env), keep, stampFile: backupStampFile(env) });
    const { manifest } = report;
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`备份完成: ${report.folder}`);
    console.log(`  ${manifest.tables.length} 张表 ${rows} 行，${manifest.files.length} 个文件，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    if (manifest.missingFiles.length) console.log(`  ${manifest.missingFiles.length} 个文件在复制时已不在存储中（备份后被删除），见清单 missingFiles`);
    if (report.removed.length) console.log(`  已删除较旧的备份: ${report.removed.join(', ')}`);
    return 0;
  });
}

runCommand(main);
