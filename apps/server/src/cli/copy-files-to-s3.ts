import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { runCommand } from './command';
import { copyLocalFilesToS3 } from '../storage/copy-to-s3';
import { LocalFileStorage } from '../storage/file-storage';
import { S3FileStorage } from '../storage/s3-file-storage';
import { localFilesDir, s3Settings } from '../storage/select';

const USAGE = `用法: bash scripts/copy-files-to-s3.sh [--from <目录>] [--dry-run]
  把本地文件目录（默认 HALL_DATA_DIR/files）中的全部文件按原存储键复制到 S3_* 设置所指的对象存储桶，
  之后以 HALL_STORAGE=s3 启动的大厅即可读到原有文件。桶中已有且大小相同的文件跳过，可重复运行；本地文件不删除。
  --dry-run 只列出将要复制的文件。详见 docs/deploy.md「Uploaded files」。`;

/** Moving a hall's files from the local folder to object storage (docs/deploy.md, "Uploaded files"). */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // The bucket's settings are checked as the server checks them when it starts with HALL_STORAGE=s3.
  const env = readEnv({ ...process.env, HALL_STORAGE: 's3' });
  const from = await LocalFileStorage.open(localFilesDir(env, values.from));
  const to = await S3FileStorage.open(s3Settings(env));
  const dryRun = values['dry-run'];
  const result = await copyLocalFilesToS3(from, to, { dryRun, log: (line) => console.log(line) });
  console.log(`${dryRun ? '将复制' : '已复制'} ${result.copied} 个文件，桶中已有 ${result.present} 个，失败 ${result.failed.length} 个（${from.root} → ${to.bucket}）。`);
  for (const failure of result.failed) console.error(`  失败 ${failure.key}: ${failure.reason}`);
  return result.failed.length > 0 ? 1 : 0;
}

runCommand(main);
