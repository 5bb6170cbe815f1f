import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url';

describe('loggedUrl', () => {
  it('stars the phone, ID number, name and code of a query and keeps the rest', () => {
    expect(loggedUrl('/simulator/sms/inbox?phone=13912345678&format=json')).toBe('/simulator/sms/inbox?phone=*&format=json');
    expect(loggedUrl('/x?zjh=130402198503151231&username=%E5%BC%A0%E4%B8%89&code=123456&wlsh=HD1')).toBe('/x?zjh=*&username=*&code=*&wlsh=HD1');
    expect(loggedUrl('/online/public/appointment/showcard')).toBe('/online/public/appointment/showcard');
  });
});
