import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('GET /api/novel-imt/{id}.html (spec 001 §7.4, "Translators: immersive SDK")', () => {
  it('serves the novel’s text with the Immersive Translate SDK, sandboxed away from this origin', async () => {
    const novel = t.sandbox.state.novels.at(0);
    const res = await t.app.inject({ url: `/api/novel-imt/${novel.id}.html` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    // its own whole policy: an opaque origin, scripts only from the SDK's host and one nonce
    expect(csp.startsWith('sandbox allow-scripts allow-popups;')).toBe(true);
    expect(csp).not.toContain('allow-same-origin');
    const nonce = /script-src 'nonce-([^']+)' (\S+);/.exec(csp);
    expect(nonce?.[2]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    const html = res.body;
    expect(html).toContain(`<script nonce="${nonce![1]}">window.immersiveTranslateConfig = {`);
    expect(html).toContain(
      `<script async src="${nonce![2]}/download.immersivetranslate.com/immersive-translate-sdk-latest.js">`,
    );
    // no other script, and the text is there, escaped, as paragraphs
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(
      `<title>${novel.title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</title>`,
    );
    expect((html.match(/<p>/g) ?? []).length).toBeGreaterThan(3);
    expect(html.split('</script>').at(-1)).not.toMatch(/<(script|iframe|img|a)\b/);
  });

  it('answers 422 for a bad id and 404 for a novel that does not exist', async () => {
    expect((await t.app.inject({ url: '/api/novel-imt/abc.html' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/novel-imt/999999999.html' })).statusCode).toBe(404);
  });
});
