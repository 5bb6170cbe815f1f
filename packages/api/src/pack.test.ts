/**
 * @hall/domain and @hall/api as another team gets them: both packed by pnpm (which turns the
 * workspace ranges into versions and applies publishConfig), installed from the tarballs into a bare
 * npm project, a consumer type-checked by strict TypeScript with Node's and a bundler's resolution,
 * then run by Node. Offline: the only other packages a consumer needs, ky and zod, are packed from
 * this workspace's install, and npm works from an empty cache of its own.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(apiDir, '../..');
const domainDir = resolve(root, 'packages/domain');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');

/** Uses the public surface only; the run prints what the calls gave, for the test to read. */
const CONSUMER = `
import { contract, createHallClient, errcodeOk, replyMessage, SessionLostError, type CallInput, type CallOutput, type HallClient, type ApplicationSummary } from '@hall/api';
import { isValidIdNumber, maskIdNumber, regionLabel, REVIEW_STATUS, reviewStatusLabel, validateProfile } from '@hall/domain';

const appInfoReply = { state: 1, data: { appid: 'wx1', appname: '大厅', version: '1.0beta', xzqdm: '130400', syscode: 'sys_wx' } };
const fetchStub: typeof fetch = async () => new Response(JSON.stringify(appInfoReply), { headers: { 'content-type': 'application/json' } });
const client: HallClient = createHallClient({ prefixUrl: 'http://127.0.0.1:9/', fetch: fetchStub });
const input: CallInput<'saveUserInfo'> = { name: '张三', cardnum: '11010519491231002X', phone: '13800000000', password: 'abc123' };
const reply: CallOutput<'appInfo'> = await client.appInfo({});
const summaries: ApplicationSummary[] = [];
// Were a declaration unresolved (a type turned any), these directives would go unused and fail.
export function neverCalled(): void {
  // @ts-expect-error the contract has no such call, so the typed client has no such method
  void client.noSuchCall;
  // @ts-expect-error a reply's version is text
  const wrongVersion: number | undefined = reply.data?.version;
  // @ts-expect-error an ID number is checked as text
  isValidIdNumber(wrongVersion);
}
const refused = new SessionLostError({ status: -1, url: '/', msg: '登录已失效，请重新进入' });

console.log(JSON.stringify({
  version: reply.data?.version,
  calls: Object.keys(contract).length > 0,
  ok: errcodeOk({ errcode: '00' }),
  message: replyMessage({ errmsg: '' }),
  idCard: isValidIdNumber(String(input.cardnum)),
  masked: maskIdNumber('11010519491231002X'),
  region: regionLabel('440305'),
  status: reviewStatusLabel(REVIEW_STATUS.passed),
  profile: validateProfile({ name: '', idNumber: '', mobile: '' }),
  summaries: summaries.length,
  lost: refused instanceof Error,
}));
`;

/** Each line names what only the hall itself may use; every one must fail to type-check. */
const INTERNAL = `
import { BANNER_IMAGE_MAX_BYTES } from '@hall/api';
import { citizenPaths } from '@hall/domain';
import { contract as everything } from '@hall/api/internal';
import { createBrowserHallClient } from '@hall/api/browser';
import { menuClickTarget } from '@hall/domain/internal';
console.log(BANNER_IMAGE_MAX_BYTES, citizenPaths, everything, createBrowserHallClient, menuClickTarget);
`;

function tsconfig(module: 'NodeNext' | 'ESNext', moduleResolution: 'NodeNext' | 'Bundler', files: string[], outDir?: string) {
  return JSON.stringify({
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module,
      moduleResolution,
      // ky's declarations name the fetch API's types, which the DOM library carries.
      lib: ['ES2022', 'DOM'],
      types: [],
      // As most projects have it; the directives in the consumer fail should a declaration not resolve.
      skipLibCheck: true,
      ...(outDir ? { outDir } : { noEmit: true }),
    },
    files,
  });
}

async function typecheck(dir: string, project: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [tsc, '-p', project], { cwd: dir });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

// Generous limits: the suite packs, installs and runs tsc three times, beside the other packages' tests on a busy machine.
let work: string;
let consumer: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hall-pack-'));
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  for (const dir of [domainDir, apiDir]) await run('bash', [join(root, 'scripts/pnpm.sh'), 'pack', '--pack-destination', tarballs], { cwd: dir });
  // A tarball of each as installed here (npm pack does not run inside pnpm's store); npm takes any
  // gzipped tar whose files sit under package/.
  for (const name of ['ky', 'zod']) {
    const staging = join(work, 'staging', name);
    cpSync(realpathSync(join(apiDir, 'node_modules', name)), join(staging, 'package'), { recursive: true, dereference: true });
    await run('tar', ['-czf', join(tarballs, `${name}.tgz`), '-C', staging, 'package']);
  }
  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--cache', join(work, 'npm-cache'), ...files], { cwd: consumer });
  writeFileSync(join(consumer, 'consumer.ts'), CONSUMER);
  writeFileSync(join(consumer, 'internal.ts'), INTERNAL);
  writeFileSync(join(consumer, 'tsconfig.nodenext.json'), tsconfig('NodeNext', 'NodeNext', ['consumer.ts'], 'out'));
  writeFileSync(join(consumer, 'tsconfig.bundler.json'), tsconfig('ESNext', 'Bundler', ['consumer.ts']));
  writeFileSync(join(consumer, 'tsconfig.internal.json'), tsconfig('NodeNext', 'NodeNext', ['internal.ts']));
}, 480_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed packages in a bare npm project', () => {
  it('install side by side: @hall/api depends on the packed @hall/domain version, not a workspace range', { timeout: 120_000 }, async () => {
    const { stdout } = await run('npm', ['ls', '--all', '--json', '--offline'], { cwd: consumer });
    const tree = JSON.parse(stdout) as { dependencies: Record<string, { version: string; dependencies?: Record<string, { version: string }> }> };
    const domainVersion = (require(join(domainDir, 'package.json')) as { version: string }).version;
    expect(tree.dependencies['@hall/domain']?.version).toBe(domainVersion);
    expect(tree.dependencies['@hall/api']?.dependencies?.['@hall/domain']?.version ?? tree.dependencies['@hall/domain']?.version).toBe(domainVersion);
  });

  it.each(['tsconfig.nodenext.json', 'tsconfig.bundler.json'])(
    'a consumer of the public surface type-checks under strict TypeScript (%s)',
    async (project) => {
      const result = await typecheck(consumer, project);
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    },
    240_000,
  );

  it('the consumer runs in Node: the typed client parses a reply, the rules answer', { timeout: 240_000 }, async () => {
    // Emit only; the type-check is the test above.
    await run(process.execPath, [tsc, '-p', 'tsconfig.nodenext.json', '--noCheck'], { cwd: consumer });
    const { stdout } = await run(process.execPath, ['out/consumer.js'], { cwd: consumer });
    expect(JSON.parse(stdout)).toMatchObject({
      version: '1.0beta',
      calls: true,
      ok: true,
      idCard: true,
      message: '操作失败，请稍后再试',
      masked: '1101**********002X',
      region: '广东省/深圳市/南山区',
      profile: '请先填写姓名、手机号、身份证号码',
      status: '审核通过',
      summaries: 0,
      lost: true,
    });
  });

  it('an internal name is not importable: not from the public entries, and the internal entries are not published', async () => {
    const result = await typecheck(consumer, 'tsconfig.internal.json');
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/internal\.ts\(2,\d+\): error TS2305: Module '"@hall\/api"' has no exported member 'BANNER_IMAGE_MAX_BYTES'/);
    expect(result.output).toMatch(/internal\.ts\(3,\d+\): error TS2305: Module '"@hall\/domain"' has no exported member 'citizenPaths'/);
    expect(result.output).toMatch(/internal\.ts\(4,\d+\): error TS2307: Cannot find module '@hall\/api\/internal'/);
    expect(result.output).toMatch(/internal\.ts\(5,\d+\): error TS2307: Cannot find module '@hall\/api\/browser'/);
    expect(result.output).toMatch(/internal\.ts\(6,\d+\): error TS2307: Cannot find module '@hall\/domain\/internal'/);
    await expect(run(process.execPath, ['--input-type=module', '-e', "await import('@hall/api/internal')"], { cwd: consumer })).rejects.toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/);
  }, 240_000);
});
