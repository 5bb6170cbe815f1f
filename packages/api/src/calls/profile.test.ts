import { describe, expect, it } from 'vitest';
import { contract } from '../contract';

describe('profile calls', () => {
  it('saveUserInfo takes the profile form of spec part 1 §3 with its defaults', () => {
    const body = contract.saveUserInfo.body.parse({ reqseq: '1', name: '张三', cardnum: '11010519491231002X', phone: '13812341234', openid: 'o1', password: 'abc123' });
    expect(body).toMatchObject({ cardtype: '1', usertype: '0' });
    expect(contract.saveUserInfo.path).toBe('/online/wx/apilist/perfectUserInfo');
  });

  it('saveUserInfo refuses a missing field, a wrong type and an oversize name', () => {
    const base = { name: '张三', cardnum: '11010519491231002X', phone: '13812341234', password: 'abc123' };
    expect(() => contract.saveUserInfo.body.parse({ ...base, phone: undefined })).toThrow();
    expect(() => contract.saveUserInfo.body.parse({ ...base, name: { first: '张' } })).toThrow();
    expect(() => contract.saveUserInfo.body.parse({ ...base, name: '张'.repeat(65) })).toThrow();
  });

  it('a number typed into a form field is read as text', () => {
    expect(contract.saveUserInfo.body.parse({ name: '张三', cardnum: '11010519491231002X', phone: 13812341234, password: 'abc123' }).phone).toBe('13812341234');
  });

  it('validateUserInfo answers errcode and errmsg', () => {
    expect(contract.validateUserInfo.reply.parse({ errcode: '3', errmsg: '您未实名认证，请实名认证后再办理业务' }).errcode).toBe('3');
    expect(() => contract.validateUserInfo.reply.parse({ errmsg: 'x' })).toThrow();
  });

  it('the session calls sit at the paths the specification gives', () => {
    expect(contract.authorize.path).toBe('/wechat/api/outh2/authorize');
    expect(contract.newUser.path).toBe('/wechat/api/wechatuser/newuser');
    expect(contract.oldUser.path).toBe('/wechat/api/wechatuser/olduser');
    expect(contract.refreshCookie.path).toBe('/wechat/api/outh2/refresh');
    expect(contract.refreshUser.path).toBe('/wechat/api/wechatuser/refreshuser');
    expect(contract.getWxMenu.path).toBe('/online/wx/apilist/GetWxMenu');
    expect(contract.getYhxx.path).toBe('/online/wx/apilist/getYhxx');
    expect(contract.appInfo).toMatchObject({ method: 'GET', path: '/api/app/appinfo' });
    expect(contract.getPhoneCode.path).toBe('/mp/api/user/getphonecode');
    expect(contract.getWxDetectAuth.path).toBe('/online/wx/face/WxDetectAuth');
  });

  it('authorize answers one of the four bootstrap messages', () => {
    for (const msg of ['newUser', 'oldUser', 'refreshUser', 'noRefresh']) expect(contract.authorize.reply.parse({ state: 1, msg }).msg).toBe(msg);
    expect(() => contract.authorize.reply.parse({ state: 1, msg: 'other' })).toThrow();
  });
});
