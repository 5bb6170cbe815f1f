// @vitest-environment jsdom
import { SessionLostError } from '@hall/api/browser';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from './messages';
import { NotFoundError } from './not-found';
import { useRemote } from './use-remote';

const sessionLost = () => new SessionLostError({ status: -1, url: '/', msg: '登录已失效' });

describe('useRemote', () => {
  it('hands over the data once loaded', async () => {
    const { result } = renderHook(() => useRemote(async () => 42, []));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: 42, error: null, failure: null });
  });

  it('types an absent record as not-found and any other failure as failed, with the readable message', async () => {
    const missing = renderHook(() => useRemote(() => Promise.reject(new NotFoundError('未找到该申请')), []));
    await waitFor(() => expect(missing.result.current.loading).toBe(false));
    expect(missing.result.current.failure).toEqual({ kind: 'not-found', message: '未找到该申请' });
    expect(missing.result.current.error).toBe('未找到该申请');

    const broken = renderHook(() => useRemote(() => Promise.reject(new TypeError('Failed to fetch')), []));
    await waitFor(() => expect(broken.result.current.loading).toBe(false));
    expect(broken.result.current.failure).toEqual({ kind: 'failed', message: NETWORK_ERROR });
  });

  it('shows a lost session as a failure unless told to stay quiet', async () => {
    const shown = renderHook(() => useRemote(() => Promise.reject(sessionLost()), []));
    await waitFor(() => expect(shown.result.current.loading).toBe(false));
    expect(shown.result.current.error).toBe('登录已失效');

    let settled = false;
    const quiet = renderHook(() =>
      useRemote(
        () =>
          Promise.reject(sessionLost()).finally(() => {
            settled = true;
          }),
        [],
        { quietWhenSessionLost: true },
      ),
    );
    await waitFor(() => expect(settled).toBe(true));
    expect(quiet.result.current).toMatchObject({ loading: true, error: null, failure: null });
  });
});
