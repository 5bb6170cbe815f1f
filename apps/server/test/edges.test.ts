import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sessions } from '../src/db/schema';
import { createContext } from '../src/hall';
import { safeErrorLog } from '../src/lib/safe-error-log';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../src/services/session/sessions';
import { createTestHall, type TestHall } from './hall';

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
  const signedIn = async (cookie: string) => (await hall.post('/online/wx/apilist/getYhxx', {}, cookie)).body.errcode === '00';

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
    await hall.post('/wechat/api/wechatuser/refreshuser', {}, cookie);
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
