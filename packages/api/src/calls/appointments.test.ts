import { describe, expect, it } from 'vitest';
import { createHallClient } from '../client';
import { contract } from '../contract';
import { useRecordingServer } from '../testing/recording-server';

const server = useRecordingServer({ status: 200, body: [] });

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
    const client = createHallClient({ prefixUrl: server.origin });
    server.seen.length = 0;
    await client.appointmentSlots({ calendarId: '12', timeClass: '1', processId: 'ap 1/p' });
    await client.appointmentProcesses({ areaId: 'ap-659000-1' });
    expect(server.seen[0]!.url).toMatch(/^\/online\/public\/appointment\/counts\/12\/1\/ap%201%2Fp\?reqseq=/);
    expect(server.seen[0]!.url).not.toContain('processId');
    expect(server.seen[1]).toMatchObject({ method: 'POST', url: '/online/public/appointment/processes/ap-659000-1' });
    expect(JSON.parse(server.seen[1]!.body)).not.toHaveProperty('areaId');
  });
});
