import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { contract } from '@hall/api';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { layoutAcceptanceReceipt } from '../../src/documents/acceptance-receipt';
import { cjkFont } from '../../src/documents/cjk-font';
import { TextMeasure } from '../../src/documents/drawing';
import { beforeAll, describe, expect, it } from 'vitest';
import { testHallForFile } from '../hall';
import { API, addPerson, attachPicture, materialsOf, ownerAndStranger, personPayload, startApplication } from '../application-helpers';
import { callHall } from '../call';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'receipt-owner', 'receipt-stranger');
});

const receipt = (id: string, cookie: string) => hall.app.inject({ method: 'GET', url: `/online/public/apply/receipt?slsqId=${id}`, headers: { cookie } });

/** A 400+4 cancellation with 张三 as the rights holder and every required material given, not yet submitted. */
async function readyApplication(): Promise<{ id: string; given: string[]; missing: string[] }> {
  const id = await startApplication(hall, owner, 'pd-400-4');
  expect((await addPerson(hall, owner, id, personPayload({ sqrxm: '张三丰', sqrzjh: '11010519491231002X' }))).body.errcode).toBe('00');
  const rights = await hall.post(`${API}/addQlxxInfo`, { proinstid: id, savetype: '4', reqData: { ZXDJ: { BDCZMH: '新(2020)石河子市不动产权第0001号' } } }, owner);
  expect(rights.body.state).toBe(1);
  const list = await materialsOf(hall, owner, id);
  const required = list.filter((m) => m.required === '是');
  for (const material of required) await attachPicture(hall, owner, material.id);
  return { id, given: required.map((m) => m.name), missing: list.filter((m) => m.required !== '是').map((m) => m.name) };
}

function pdfText(bytes: Buffer): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s/g, '');
}

describe('受理回执', () => {
  it('is a PDF the hall signs, with the number, business, masked applicants, materials, time, next steps and the progress address', async () => {
    const { id, given, missing } = await readyApplication();
    const before = await receipt(id, owner);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ state: 0, msg: '该申请尚未提交，提交后才有受理回执' });

    const submitted = await callHall(hall, contract.submitApplyProject, { reqseq: 'r', proinstid: id, appointment: '0' }, owner);
    const { prolsh, tjsj } = submitted.body.data!;
    const reply = await receipt(id, owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(String(reply.headers['content-disposition'])).toContain(encodeURIComponent(`受理回执-${prolsh}.pdf`));

    const doc = await PDFDocument.load(reply.rawPayload);
    expect(doc.getTitle()).toBe('受理回执');
    const text = pdfText(reply.rawPayload);
    for (const expected of ['受理回执', `申请编号：${prolsh}`, '申请业务：', `提交时间：${tjsj}`, '权利人', '张**', '1101**********002X', '扫码查进度', '后续步骤'])
      expect(text).toContain(expected.replace(/\s/g, ''));
    for (const name of given) expect(text).toContain(`${name}1份`);
    for (const name of missing) expect(text).toContain(`${name}未提交`);
    // Neither the whole name nor the whole ID number is printed.
    expect(text).not.toContain('张三丰');
    expect(text).not.toContain('11010519491231002X');

    const { outcome } = await hall.app.hall.pdfVerifier.verify(async () => Readable.from([reply.rawPayload]), reply.rawPayload.length);
    expect(outcome.ok && outcome.verification.verdict).toBe('valid');
  });

  it("refuses another citizen's application, a missing one and a malformed id, and names nobody", async () => {
    const { id } = await readyApplication();
    await callHall(hall, contract.submitApplyProject, { reqseq: 'r', proinstid: id, appointment: '0' }, owner);
    for (const [slsqId, cookie] of [
      [id, stranger],
      ['999999', owner],
      ['abc', owner],
    ] as const) {
      const reply = await receipt(slsqId, cookie);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ state: 0, msg: '申请不存在或无权查看，请从“我的申请”重新打开' });
      expect(reply.body).not.toContain('张');
    }
    expect((await hall.app.inject({ method: 'GET', url: `/online/public/apply/receipt?slsqId=${id}` })).statusCode).not.toBe(200);
  });

  it("draws a QR code of the progress query's address for the number, module by module", async () => {
    const progressUrl = 'https://bdc.example.gov.cn/progressQuery?appPlosh=HD202612000001';
    const measure = new TextMeasure((await cjkFont()).subset('受理回执'));
    const drawing = layoutAcceptanceReceipt(
      { acceptanceNumber: 'HD202612000001', businessName: '注销登记', placeName: '邯郸市', applicants: [], materials: [], submittedAt: '2026-12-06 16:40:00', progressUrl },
      measure,
    );
    const modules = QRCode.create(progressUrl, { errorCorrectionLevel: 'M' }).modules;
    const dark = Array.from(modules.data).filter(Boolean).length;
    const boxes = drawing.ops.filter((op) => op.kind === 'box');
    expect(boxes).toHaveLength(dark);
    // Every dark module is drawn, and the code stands 104 points wide beside the case's lines.
    const size = Math.max(...boxes.map((b) => (b.kind === 'box' ? b.x + b.w : 0))) - Math.min(...boxes.map((b) => (b.kind === 'box' ? b.x : Infinity)));
    expect(Math.round(size)).toBe(104);
  });

  it('opens from a download link outside WeChat', async () => {
    const { id } = await readyApplication();
    await callHall(hall, contract.submitApplyProject, { reqseq: 'r', proinstid: id, appointment: '0' }, owner);
    const link = await callHall(hall, contract.downloadLink, { PDFurl: `/online/public/apply/receipt?slsqId=${id}` }, owner);
    expect(link.body.state).toBe(1);
    const url = new URL(link.body.data!.url);
    const download = await hall.app.inject({ method: 'GET', url: url.pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
  });
});
