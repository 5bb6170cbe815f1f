// @vitest-environment jsdom
import { SessionLostError } from '@hall/api/browser';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR } from './messages';
import { submitWithFeedback } from './submit-with-feedback';

// The kit's toast and dialog, watched: an in-place form must raise neither.
const kit = vi.hoisted(() => ({ showLoading: vi.fn(() => () => undefined), showAlert: vi.fn(async () => undefined) }));
vi.mock('@hall/ui', () => kit);

describe('submitWithFeedback in place (the console forms)', () => {
  it('hands the refusal to the form, with no loading toast and no alert', async () => {
    kit.showLoading.mockClear();
    kit.showAlert.mockClear();
    const shown: string[] = [];
    const settled = vi.fn();
    const sent = await submitWithFeedback(async () => '账号已存在，请换一个', { inPlace: true, onFailure: (message) => shown.push(message), onSettled: settled });
    expect(sent).toBe(false);
    expect(shown).toEqual(['账号已存在，请换一个']);
    expect(settled).toHaveBeenCalledOnce();
    expect(kit.showLoading).not.toHaveBeenCalled();
    expect(kit.showAlert).not.toHaveBeenCalled();
  });

  it('tells a failed request as the network’s, and a lost session not at all', async () => {
    const shown: string[] = [];
    expect(await submitWithFeedback(() => Promise.reject(new TypeError('Failed to fetch')), { inPlace: true, onFailure: (message) => shown.push(message) })).toBe(false);
    expect(shown).toEqual([NETWORK_ERROR]);
    const lost = new SessionLostError({ status: -1, url: '/', msg: '登录已失效' });
    expect(await submitWithFeedback(() => Promise.reject(lost), { inPlace: true, onFailure: (message) => shown.push(message) })).toBe(false);
    expect(shown).toEqual([NETWORK_ERROR]);
  });

  it('still alerts the refusal under its toast when not in place', async () => {
    kit.showLoading.mockClear();
    kit.showAlert.mockClear();
    expect(await submitWithFeedback(async () => '审核失败，请稍后重试')).toBe(false);
    expect(kit.showLoading).toHaveBeenCalledOnce();
    expect(kit.showAlert).toHaveBeenCalledWith('审核失败，请稍后重试', undefined);
    await submitWithFeedback(async () => '删除失败，请稍后重试', { alert: { title: '未能完成', confirmText: '知道了' } });
    expect(kit.showAlert).toHaveBeenLastCalledWith('删除失败，请稍后重试', { title: '未能完成', confirmText: '知道了' });
    expect(await submitWithFeedback(async () => null, { inPlace: true })).toBe(true);
  });
});
