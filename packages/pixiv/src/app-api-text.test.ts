import { afterEach, describe, expect, it } from 'vitest';
import { createAppApiClient } from './app-api.ts';
import { PixivError } from './errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const INVALID_GRANT = {
  error: {
    user_message: '',
    message:
      'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message: invalid_grant',
    reason: '',
    user_message_details: {},
  },
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function auth() {
  const a = {
    refreshes: 0,
    getAccessToken: async () => `T${a.refreshes}`,
    invalidate: () => void a.refreshes++,
  };
  return a;
}

describe('app-API client, text answers (the webview pages)', () => {
  it('returns the HTML with its status and type, sent with the app headers and bearer', async () => {
    server = await startTestServer(() => ({ text: '<html>novel: {}</html>' }));
    const res = await createAppApiClient({ hosts: { appApi: server.base }, auth: auth() }).getText(
      '/webview/v2/novel',
      { id: 5, viewer_version: '20221031_ai' },
    );
    expect(res).toEqual({ status: 200, contentType: 'text/html', text: '<html>novel: {}</html>' });
    expect(server.requests[0]!.url).toBe('/webview/v2/novel?id=5&viewer_version=20221031_ai');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer T0');
    expect(server.requests[0]!.headers['x-client-hash']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refreshes the token once on 400 invalid_grant, and returns other errors as text', async () => {
    server = await startTestServer((req) =>
      req.headers.authorization === 'Bearer T0'
        ? { status: 400, json: INVALID_GRANT }
        : { status: 404, json: { error: { message: 'gone' } } },
    );
    const a = auth();
    const res = await createAppApiClient({ hosts: { appApi: server.base }, auth: a }).getText('/x');
    expect(a.refreshes).toBe(1);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ error: { message: 'gone' } });
  });

  it('throws a PixivError when upstream cannot be reached', async () => {
    const client = createAppApiClient({ hosts: { appApi: 'http://127.0.0.1:1' } });
    await expect(client.getText('/webview/v2/novel')).rejects.toBeInstanceOf(PixivError);
  });
});
