import { describe, expect, it } from 'vitest';
import { readEnv } from '../../src/env';
import { missingProductionSettings } from '../../src/mode';
import { PRODUCTION_ENV } from '../hall';

const production = (extra: Record<string, string>) => readEnv({ ...PRODUCTION_ENV, HALL_SIGN_IN: 'sms', ...extra });
const missing = (extra: Record<string, string>) => missingProductionSettings(production(extra)).map((setting) => setting.name);

describe('notification channels at start', () => {
  it('a production hall sending by WeChat refuses to start without the credentials and a template for every event', () => {
    expect(missing({ HALL_NOTIFY_CHANNELS: 'sms' })).toEqual([]);
    expect(missing({ HALL_NOTIFY_CHANNELS: 'sms,wechat', WECHAT_APPID: '', WECHAT_SECRET: '' })).toEqual(['WECHAT_APPID', 'WECHAT_SECRET', 'WECHAT_TEMPLATES']);
    expect(missing({ HALL_NOTIFY_CHANNELS: 'wechat', WECHAT_TEMPLATES: 'submitted=T1,accepted=T2' })).toEqual(['WECHAT_TEMPLATES']);
  });

  it('refuses a channel or a template pair it does not know, naming it', () => {
    expect(() => production({ HALL_NOTIFY_CHANNELS: 'sms,email' })).toThrow(/HALL_NOTIFY_CHANNELS names .*email/);
    expect(() => production({ WECHAT_TEMPLATES: 'submited=T1' })).toThrow(/WECHAT_TEMPLATES takes event=templateId pairs/);
  });
});
