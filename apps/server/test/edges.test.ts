import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { VALIDATION_MESSAGES } from '@hall/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sessions } from '../src/db/schema';
import { createContext } from '../src/hall';
import { safeErrorLog } from '../src/lib/safe-error-log';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../src/services/session/sessions';
import { createTestHall, type TestHall } from './hall';
import { callHall } from './call';
import { contract } from '@hall/api';

const ID_NUMBER = '130402198503151231';
const PHONE = '13812345678';

describe('slow request bodies', () => {
  let hall: TestHall;
  let port: number;
  beforeAll(async () => {
    hall = await createTestHall({ HALL_BODY_TIMEOUT_MS: 400 });
    await hall.app.listen({ port: 0, host: '127.0.0.1' });
    port = (hall.app.server.address() as { port: number }).port;
  });
  afterAll(() => hall.close());

  /** Sends the head of a request, then one byte of its body every `every` ms; answers when the server closed the connection. */
  function trickle(head: string, every: number): { closed: Promise<number>; socket: Socket } {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(head);
    const timer = setInterval(() => socket.writable && socket.write('x'), every);
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      }),
    );
    return { closed, socket };
  }

  it('closes a JSON body that does not arrive in time, though it never stops trickling', async () => {
    const { closed } = trickle('POST /online/wx/apilist/addSugge HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{', 50);
    expect(await closed).toBeLessThan(3_000);
  });

  const upload = (cookie: string) =>
    `POST /online/wx/apilist/getDzzzyqUpload HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000000\r\n\r\n--b\r\nContent-Disposition: form-data; name="Filedata"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

  it('closes an upload that brings less than 64 KB in a window', async () => {
    const { closed } = trickle(upload(await hall.quickCitizen('slow-uploader')), 50);
    expect(await closed).toBeLessThan(3_000);
  });

  it('closes a refused upload at once instead of waiting for the rest of its body', async () => {
    const { closed } = trickle(upload('hall_sid=none'), 50);
    expect(await closed).toBeLessThan(1_000);
  });

  /**
   * Sends a multipart upload of `size` bytes on a socket of its own, 64 KB at a time as the socket takes
   * them, and answers the reply's status and JSON body once all is sent; or, as a browser shows it, the
   * network error that cut the sending short (a browser drops a reply whose upload failed).
   */
  function sendUpload(cookie: string, fileName: string, size: number): Promise<{ status: number; body: Record<string, unknown> } | { error: string }> {
    const part = `--b\r\nContent-Disposition: form-data; name="Filedata"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const filler = Buffer.alloc(64 * 1024, 0x20);
    const tail = '\r\n--b--\r\n';
    const length = Buffer.byteLength(part) + Math.ceil(size / filler.length) * filler.length + Buffer.byteLength(tail);
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      let sent = false;
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      const answer = () => {
        const text = Buffer.concat(received).toString('utf8');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        if (sent && status && body.endsWith('}')) {
          socket.destroy();
          resolve({ status, body: JSON.parse(body) as Record<string, unknown> });
        }
      };
      socket.on('data', answer);
      socket.write(
        `POST /online/wx/apilist/getDzzzyqUpload HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${length}\r\n\r\n${part}`,
      );
      let written = 0;
      // A phone's pace, not loopback's: the reply comes while most of the body is still to be sent.
      const more = () => {
        if (written >= size) {
          socket.write(tail, () => {
            sent = true;
            answer();
          });
          return;
        }
        written += filler.length;
        if (socket.write(filler)) setTimeout(more, 1);
        else socket.once('drain', () => setTimeout(more, 1));
      };
      more();
    });
  }

  it('a refused upload of a few MB is read to its end, so the client still sending reads the refusal (no session; a file that is no PDF)', async () => {
    const signedOut = await sendUpload('hall_sid=none', 'a.pdf', 4 * 1024 * 1024);
    expect(signedOut).toMatchObject({ status: 401 });
    expect(signedOut).toMatchObject({ body: { msg: '登录已失效，请重新进入' } });
    const notPdf = await sendUpload(await hall.quickCitizen('wrong-file-uploader'), 'scan.jpg', 3 * 1024 * 1024);
    expect(notPdf).toMatchObject({ status: 400 });
    expect(notPdf).toMatchObject({ body: { msg: VALIDATION_MESSAGES.uploadPdfOnly } });
  });

  it('leaves a prompt request alone', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/online/wx/apilist/getContactUs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
  });
});

describe('sessions', () => {
  let hall: TestHall;
  beforeAll(async () => {
    hall = await createTestHall();
  });
  afterAll(() => hall.close());
  const signedIn = async (cookie: string) => (await callHall(hall, contract.getYhxx, {}, cookie)).body.errcode === '00';

  it('end when unused for the idle limit, though their lifetime has not run out', async () => {
    const cookie = await hall.login('idle-citizen');
    expect(await signedIn(cookie)).toBe(true);
    await hall.connection.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.openid, 'idle-citizen'));
    expect(await signedIn(cookie)).toBe(false);
  });

  it('stay while used, and use does not stretch the 7-day limit', async () => {
    const cookie = await hall.login('busy-citizen');
    const [before] = await hall.connection.db.select().from(sessions).where(eq(sessions.openid, 'busy-citizen'));
    await hall.connection.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS + 60_000) })
      .where(eq(sessions.id, before!.id));
    expect(await signedIn(cookie)).toBe(true);
    await callHall(hall, contract.refreshUser, {}, cookie);
    const [after] = await hall.connection.db.select().from(sessions).where(eq(sessions.id, before!.id));
    expect(after!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    expect(after!.expiresAt.getTime() - after!.createdAt.getTime()).toBeLessThanOrEqual(SESSION_LIFETIME_MS + 1000);
  });

  it('a second sign-in of the same citizen leaves the first signed in', async () => {
    const first = await hall.login('two-phones');
    const second = await hall.login('two-phones');
    expect(await signedIn(first)).toBe(true);
    expect(await signedIn(second)).toBe(true);
  });
});

describe('the error log', () => {
  let hall: TestHall;
  beforeAll(async () => {
    hall = await createTestHall();
  });
  afterAll(() => hall.close());

  it('holds no SQL parameters, ID numbers or phone numbers of a failed query', async () => {
    const failure = await hall.connection.db
      .execute(sql`SELECT ${ID_NUMBER}::int AS n, ${PHONE} AS phone`)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // The raw error does carry them: this is what must not reach the log.
    expect(JSON.stringify({ message: (failure as Error).message, ...(failure as object) })).toContain(ID_NUMBER);
    const logged = JSON.stringify(safeErrorLog(failure));
    expect(logged).not.toContain(ID_NUMBER);
    expect(logged).not.toContain(PHONE);
    expect(logged).toMatch(/"code":"[0-9A-Z]{5}"/);
    expect(logged).toContain('SELECT $1::int');
  });

  it('is what the server writes when a route fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const context = await createContext({ env: hall.env, db: hall.connection.db, pool: hall.connection.pool, filesDir: hall.filesDir });
    const app = await buildApp(context, { logger: { level: 'error', stream } });
    app.get('/test-failure', async () => hall.connection.db.execute(sql`SELECT ${ID_NUMBER}::int`));
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/test-failure' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).not.toContain(ID_NUMBER);
  });
});
