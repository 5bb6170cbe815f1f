import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// The sealed OFD is made as the server's corpus makes it: openssl computes its SM2 signatures.
import { ofdOf, sealedOfdFiles, sesSignature } from '../../server/test/ofd-helpers';
import { opensslSm2Chain } from '../../server/test/signing-helpers';
import { acknowledge } from './application-steps';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';

/** A registry's SM2 root the hall trusts (HALL_TRUST_ROOTS_DIR), and its sealing officer. */
const work = await mkdtemp(join(tmpdir(), 'hall-e2e-ofd-'));
const registry = await opensslSm2Chain(join(work, 'registry'), { ca: 'SM2 Registry Root', signer: 'SM2 Registry Seal' });
await mkdir(join(work, 'roots'));
await copyFile(registry.caFile, join(work, 'roots', 'registry-root.pem'));
afterAll(() => rm(work, { recursive: true, force: true }));

const hall = hallForFile({ env: { HALL_VERIFY_OFD: 'true', HALL_TRUST_ROOTS_DIR: join(work, 'roots') } });

describe('signature verification of OFD e-licences (HALL_VERIFY_OFD=true)', () => {
  it('names both formats, refuses a picture with 只能上传pdf或ofd文件, and answers a sealed OFD with 有效 and its document information', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'verification-ofd', 'e2e-verification-ofd', '赵女士');
    await page.goto('/dzzzverification');
    await page.getByRole('heading', { name: '电子证照验签' }).waitFor();
    await page.getByText('仅支持pdf、ofd格式', { exact: false }).waitFor();
    await shot(page, 'form');

    const input = page.locator('#verification-file');
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a document') });
    await acknowledge(page, '只能上传pdf或ofd文件');

    const sealed = ofdOf(
      await sealedOfdFiles((description) =>
        sesSignature(work, description, { maker: { certFile: registry.caFile, keyFile: join(work, 'registry', 'ca.key') }, signer: { certFile: registry.signerFile, keyFile: registry.keyFile } }),
      ),
    );
    await input.setInputFiles({ name: '不动产权证书.ofd', mimeType: 'application/ofd', buffer: sealed });
    await page.getByText('不动产权证书.ofd').waitFor();
    await page.getByRole('button', { name: '提交验签' }).click();
    await acknowledge(page, '确定提交文件?');
    const outcome = page.getByRole('region', { name: '验签结果' });
    const verdict = outcome.locator('.hall-verdict');
    await verdict.getByText('有效', { exact: true }).waitFor({ timeout: 30_000 });
    await expect(verdict.getAttribute('data-tone')).resolves.toBe('success');
    await outcome.getByText('文档标题：不动产权证书电子证照；作者：测试市不动产登记中心；创建日期：2026-03-01；共2页').waitFor();
    await shot(page, 'valid');

    // The record opens as the hall's signed report, which the viewer draws, followed by the licence's two pages.
    await page.getByRole('link', { name: '验签记录' }).click();
    await page.waitForURL('**/dzzzverificationrecord');
    const newest = page.locator('.hall-records__list li').first();
    await newest.getByText('不动产权证书.ofd').waitFor();
    await newest.getByText('有效', { exact: true }).waitFor();
    await newest.getByRole('button').click();
    await page.waitForURL(/\/PDFview\?PDFurl=/);
    await page.locator('canvas.hall-pdf__page').first().waitFor();
    await shot(page, 'report');
    const licence = page.getByRole('img', { name: '第2页，共3页' });
    // The third page is appended once the second has been drawn.
    await page.getByRole('img', { name: '第3页，共3页' }).waitFor();
    await licence.scrollIntoViewIfNeeded();
    await shot(page, 'licence-page');
    await context.close();
  });
});
