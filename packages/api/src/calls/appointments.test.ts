import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHallClient } from '../client';
import { contract } from '../contract';

/** A loopback server that records the requests the client makes. */
let server: Server;
let origin: string;
const seen: { method: string; url: string; body: string }[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => done(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({ method: request.method!, url: request.url!, body: await readBody(request) });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('appointment calls', () => {
  it('live at the spec paths under /online/public/appointment', () => {
    expect(contract.appointmentAreas).toMatchObject({ method: 'GET', path: '/online/public/appointment/areabyxzq' });
    expect(contract.appointmentProcesses).toMatchObject({ method: 'POST', path: '/online/public/appointment/processes/:areaId' });
    expect(contract.appointmentCalendars).toMatchObject({ method: 'GET', path: '/online/public/appointment/calendars/:areaId' });
    expect(contract.appointmentSlots).toMatchObject({ method: 'GET', path: '/online/public/appointment/counts/:calendarId/:timeClass/:processId' });
    expect(contract.addAppointment).toMatchObject({ method: 'POST', path: '/online/public/appointment/addByWlsh/', form: true });
    expect(contract.appointmentOrder).toMatchObject({ method: 'GET', path: '/online/public/appointment/apmorder/detail' });
    expect(contract.appointmentOrders).toMatchObject({ method: 'GET', path: '/online/public/appointment/apmorder/list' });
    expect(contract.serviceSites).toMatchObject({ method: 'GET', path: '/online/public/appointment/area/' });
  });

  it('the client puts path parameters into the path, encoded, and leaves them out of the payload', async () => {
    const client = createHallClient({ prefixUrl: origin });
    seen.length = 0;
    await client.appointmentSlots({ calendarId: '12', timeClass: '1', processId: 'ap 1/p' });
    await client.appointmentProcesses({ areaId: 'ap-659000-1' });
    expect(seen[0]!.url).toMatch(/^\/online\/public\/appointment\/counts\/12\/1\/ap%201%2Fp\?reqseq=/);
    expect(seen[0]!.url).not.toContain('processId');
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/online/public/appointment/processes/ap-659000-1' });
    expect(JSON.parse(seen[1]!.body)).not.toHaveProperty('areaId');
  });
});
