import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { regionPath } from '@hall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CERTIFICATES } from '../../src/seed/content';
import { readEnv } from '../../src/env';
import { appRoot } from '../../src/lib/app-root';
import { createTestHall, type TestHall } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

describe('HALL_APPLY_XZQDM, the region the application flow opens on', () => {
  it('is the spec’s 659000 when unset, and a six-digit code when set', () => {
    expect(readEnv({}).HALL_APPLY_XZQDM).toBe('659000');
    expect(readEnv({ HALL_APPLY_XZQDM: '130400' }).HALL_APPLY_XZQDM).toBe('130400');
    expect(() => readEnv({ HALL_APPLY_XZQDM: '邯郸' })).toThrow();
  });

  it('is set by the demo start to the hall’s own district', async () => {
    const start = await readFile(join(appRoot(), '..', '..', 'scripts', 'start.sh'), 'utf8');
    expect(start).toContain('export HALL_APPLY_XZQDM="${HALL_APPLY_XZQDM:-${HALL_XZQDM:-130400}}"');
  });
});

describe('a demo hall configured as the demo start configures it', () => {
  let hall: TestHall;
  let plain: TestHall;
  beforeAll(async () => {
    const env = readEnv({ HALL_MODE: 'demo', LOG_LEVEL: 'silent' });
    hall = await createTestHall({ HALL_APPLY_XZQDM: env.HALL_XZQDM });
    plain = await createTestHall();
  });
  afterAll(async () => {
    await hall.close();
    await plain.close();
  });

  it('names its region in the app info; a hall that names none, 659000', async () => {
    const configured = await hall.app.inject({ method: 'GET', url: '/api/app/appinfo' });
    expect(configured.json()).toMatchObject({ state: 1, data: { xzqdm: '130400', applyXzqdm: '130400' } });
    const unset = await plain.app.inject({ method: 'GET', url: '/api/app/appinfo' });
    expect(unset.json()).toMatchObject({ state: 1, data: { applyXzqdm: '659000' } });
  });

  it('offers 邯郸市 and its districts, businesses in each, and the demo registry’s certificates lie there', async () => {
    const { body } = await callHall(hall, contract.getAddressList, { xzqdm: '130400' });
    const cities = body.data!.cityxzq;
    expect(cities.map((city) => city.xzqmc)).toEqual(['邯郸市']);
    const districts = cities[0]!.districtxzq;
    expect(districts.map((district) => district.xzqmc)).toContain('邯山区');

    for (const district of [cities[0]!, ...districts]) {
      const sel = await callHall(hall, contract.initSel, { xzqdm: district.xzqdm, yhlx: '0', sfqy: '1' });
      const businesses = sel.body.data!.selList.flatMap((parent) => parent.Prodefs);
      expect(businesses.length, district.xzqmc).toBeGreaterThan(0);
    }

    for (const certificate of DEMO_CERTIFICATES) expect(regionPath(certificate.xzqdm).map((entry) => entry.value)).toContain('130400');
  });
});
