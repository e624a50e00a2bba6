import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { saveClientConfig } from '../../state/settings/client-config.ts';
import { useToasts } from '../../state/ui/toast.ts';
import { RELOGIN_INTERVAL_MS, keepSignedIn } from './startup.tsx';

const TOKEN = 'x'.repeat(43);

describe('the 30-minute token refresh (spec 001 §4)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    saveClientConfig({ refreshToken: TOKEN, useLocalAppApi: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('refreshes every 30 minutes while signed in, and stops after logout', async () => {
    expect(RELOGIN_INTERVAL_MS).toBe(30 * 60 * 1000);
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    keepSignedIn();
    await vi.advanceTimersByTimeAsync(RELOGIN_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/token');
    expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: TOKEN });
    await vi.advanceTimersByTimeAsync(RELOGIN_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    saveClientConfig({ refreshToken: '', useLocalAppApi: false });
    await vi.advanceTimersByTimeAsync(RELOGIN_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says 'Login error.' when a refresh fails", async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 400 }));
    const shown: string[] = [];
    const { result } = renderHook(() => useToasts());
    keepSignedIn();
    await vi.advanceTimersByTimeAsync(RELOGIN_INTERVAL_MS);
    shown.push(...result.current.map((t) => t.key));
    expect(shown).toContain('startup.login_error');
  });
});
