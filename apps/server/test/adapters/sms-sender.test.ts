import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsSender, SimulatedSmsSender, SmsSendError } from '../../src/adapters/sms/sms';

interface Received {
  method: string;
  authorization: string;
  contentType: string;
  body: Record<string, unknown>;
}

/** A provider stand-in on a loopback port: records what arrives, answers with the status it is told. */
async function startFakeProvider() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        authorization: String(request.headers.authorization ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { ok: true } : { ok: false, message: 'quota exceeded' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    received,
    answerWith(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('HttpSmsSender against a fake provider on loopback', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(() => provider.close());

  it('POSTs JSON { phone, code, text } with the API key as a bearer token', async () => {
    const sender = new HttpSmsSender({ url: provider.url, apiKey: 'key-123', fetch }, 5);
    await sender.send('13812341234', '246810');
    expect(provider.received.at(-1)).toEqual({
      method: 'POST',
      authorization: 'Bearer key-123',
      contentType: 'application/json',
      body: { phone: '13812341234', code: '246810', text: '您的验证码为246810，5分钟内有效，请勿泄露给他人。【不动产登记网上办事大厅】' },
    });
  });

  it('a refusal by the provider (non-2xx) is an SmsSendError', async () => {
    provider.answerWith(503);
    const sender = new HttpSmsSender({ url: provider.url, apiKey: 'key-123', fetch }, 5);
    await expect(sender.send('13812341234', '111111')).rejects.toBeInstanceOf(SmsSendError);
    provider.answerWith(200);
  });

  it('an unreachable provider is an SmsSendError', async () => {
    const gone = await startFakeProvider();
    await gone.close();
    const sender = new HttpSmsSender({ url: gone.url, apiKey: 'k', fetch, timeoutMs: 2000 }, 5);
    await expect(sender.send('13812341234', '111111')).rejects.toBeInstanceOf(SmsSendError);
  });
});

describe('SimulatedSmsSender', () => {
  it('writes 短信验证码, the masked phone and the code to the logger it was given', async () => {
    const lines: { details: Record<string, unknown>; message: string }[] = [];
    const sender = new SimulatedSmsSender();
    sender.useLogger({ info: (details, message) => lines.push({ details, message }) });
    await sender.send('13812341234', '135790');
    expect(lines).toEqual([{ details: { phone: '138****1234', code: '135790' }, message: '短信验证码 138****1234 135790' }]);
  });
});
