import { parseArgs } from 'node:util';
import { backupSecret } from '../backup/backup-key';
import { restoreBackup } from '../backup/restore-backup';
import { deriveBackupKeys } from '../backup/sealed-files';
import { readEnv } from '../env';
import { runCommand } from './command';

const USAGE = `用法: bash scripts/restore.sh <备份目录> [--key-file <文件>]
  把 backup.sh 做的备份恢复到空的数据目录（HALL_DATA_DIR，内置数据库）或空的数据库（DATABASE_URL），
  上传文件恢复到本地文件目录。先核对清单的校验码与每个文件的大小和 SHA-256，不符则不恢复；
  拒绝来自更新版本大厅的备份。恢复后所有登录都已失效，市民与工作人员需重新登录。
  --key-file 备份时的密钥文件（默认 HALL_BACKUP_KEY）
  备份中的姓名、证件号码和手机号仍以原大厅的数据密钥加密，备份不含该密钥：恢复后的大厅须设置同样的
  HALL_DATA_KEY 与 HALL_DATA_INDEX_KEY（演示大厅：把原数据目录中的 data-key 与 data-index-key 放入新的数据目录）。`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'key-file': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
  const [folder] = positionals;
  if (values.help || !folder) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = readEnv();
  const keys = deriveBackupKeys(await backupSecret(env, { keyFile: values['key-file'], create: false }));
  const started = Date.now();
  const report = await restoreBackup(env, folder, keys);
  console.log(`恢复完成: ${report.manifest.createdAt} 的备份（大厅 ${report.manifest.hallVersion}，数据库结构 ${report.manifest.schema.tag}）`);
  console.log(`  ${report.rows} 行，${report.files} 个文件，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒。所有登录已失效。`);
  if (report.manifest.storage === 's3') console.log('  备份时文件在对象存储中；文件已恢复到本地目录，如需放回对象存储请运行 bash scripts/copy-files-to-s3.sh。');
  return 0;
}

runCommand(main);
