import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@hall/api/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRecords } from '../../../src/db/schema';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { callHall } from '../../call';
import { testHallForFile } from '../../hall';
import { ofdOf, sealedOfdFiles, sesSignature, zip } from '../../ofd-helpers';
import { CITY, OWNER, citizenFilesIn, citizenWithProfile, samplePdf, upload } from '../../query-helpers';
import { rowById } from '../../rows';
import { opensslSm2Chain } from '../../signing-helpers';

/**
 * 电子签章验证 of a hall with HALL_VERIFY_OFD=true, over HTTP: an OFD e-licence sealed by a centre whose
 * root is in HALL_TRUST_ROOTS_DIR is taken, checked in the worker and closed as 有效 with its report;
 * hostile containers close with their reason; other files are refused with the message naming both.
 */

const work = await mkdtemp(join(tmpdir(), 'hall-ofd-upload-'));
const centre = await opensslSm2Chain(join(work, 'centre'), { ca: 'SM2 Registry Root', signer: 'SM2 Registry Seal' });
const rootsDir = join(work, 'roots');
await mkdir(rootsDir);
await copyFile(centre.caFile, join(rootsDir, 'registry-root.pem'));
afterAll(() => rm(work, { recursive: true, force: true }));

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0, HALL_VERIFY_OFD: 'true', HALL_TRUST_ROOTS_DIR: rootsDir });
let owner: string;
beforeAll(async () => {
  owner = await citizenWithProfile(hall, 'ofd-owner', OWNER);
});

const sealedOfd = async () =>
  ofdOf(
    await sealedOfdFiles((description) =>
      sesSignature(work, description, { maker: { certFile: centre.caFile, keyFile: join(work, 'centre', 'ca.key') }, signer: { certFile: centre.signerFile, keyFile: centre.keyFile } }),
    ),
  );

describe('getDzzzyqUpload with HALL_VERIFY_OFD=true', () => {
  it('the app info tells the citizen app that OFD files are taken', async () => {
    const { body } = await callHall(hall, contract.appInfo, {});
    expect(body).toMatchObject({ state: 1, data: { verifyOfd: true } });
  });

  it('takes a sealed OFD e-licence and closes it as 有效, with its document information and a signed report', async () => {
    const { status, body } = await upload(hall, owner, { filename: '不动产权证书.ofd', content: await sealedOfd(), type: 'application/ofd' }, { openid: 'ofd-owner' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 1, msg: '文件上传成功，查看历史记录验签信息' });
    const id = body.data!.ID;
    // Until the report exists, the viewer is told to wait rather than handed a zip as a PDF.
    const early = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${id}`, headers: { cookie: owner } });
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('正在验签，验签报告生成后即可查看');

    await resolvePendingRecords(hall.app.hall);
    const row = await rowById(hall, queryRecords, id);
    expect(row).toMatchObject({
      state: 20,
      stateMsg: '有效',
      result: { verdict: 'valid', signed: true, document: { format: 'OFD', title: '不动产权证书电子证照', author: '测试市不动产登记中心', createdOn: '2026-03-01', pages: 2 } },
    });
    const report = await hall.app.inject({ method: 'GET', url: `/online/public/dzzz/verification/preview?id=${id}`, headers: { cookie: owner } });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.includes('/ETSI.CAdES.detached')).toBe(true);
    // The viewer shows the report, then the licence's own pages drawn from the OFD.
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: report.rawPayload, encoding: 'utf8' }).stdout.replace(/\s/g, '');
    expect(text).toContain('OFD版式文件（页面附在本报告之后）');
    expect(text).toContain('浙（2026）测试市不动产权第0001234号');
    expect(text).toContain('附记');
  });

  it('a zip bomb and a container with a path out of it close with their reason, never a 5xx', async () => {
    const bomb = zip([
      { name: 'OFD.xml', data: Buffer.from('<ofd:OFD/>') },
      { name: 'Doc_0/bomb.bin', data: Buffer.alloc(40 * 1024 * 1024), declaredSize: 100 },
    ]);
    const outside = zip([
      { name: 'OFD.xml', data: Buffer.from('<ofd:OFD/>') },
      { name: '../escape.xml', data: Buffer.from('<x/>') },
    ]);
    const ids: string[] = [];
    for (const [filename, content] of [
      ['bomb.ofd', bomb],
      ['outside.ofd', outside],
    ] as const) {
      const { status, body } = await upload(hall, owner, { filename, content });
      expect(status).toBe(200);
      ids.push(body.data!.ID);
    }
    await resolvePendingRecords(hall.app.hall);
    expect(await rowById(hall, queryRecords, ids[0]!)).toMatchObject({ state: 21, stateMsg: '文件结构过于复杂或压缩数据过大，无法验签，请联系出具单位获取标准格式的文件' });
    expect(await rowById(hall, queryRecords, ids[1]!)).toMatchObject({ state: 21, result: { failure: 'unsafeOfd' } });
  });

  it('still takes PDFs, and refuses anything else with 只能上传pdf或ofd文件, storing nothing', async () => {
    const pdf = await upload(hall, owner, { filename: '电子证照.pdf', content: await samplePdf() }, { xzqdm: CITY.xzqdm });
    expect(pdf.body).toMatchObject({ state: 1 });
    const filesBefore = await citizenFilesIn(hall);
    for (const file of [
      { filename: 'photo.png', content: Buffer.from('PK\u0003\u0004') },
      { filename: 'fake.ofd', content: Buffer.from('not a zip at all') },
    ]) {
      const { status, body } = await upload(hall, owner, file);
      expect(status).toBe(400);
      expect(body).toMatchObject({ state: 0, errmsg: '只能上传pdf或ofd文件' });
    }
    expect(await citizenFilesIn(hall)).toEqual(filesBefore);
  });
});
