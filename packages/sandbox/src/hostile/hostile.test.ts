import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index.ts';
import { TEST_NOW } from '../test-helpers.ts';
import { rewriteStrings, startHostileUpstream, type HostileUpstream } from './hostile.ts';

let sb: RunningSandbox;
let hostile: HostileUpstream;
beforeAll(async () => {
  sb = await startSandbox({ now: TEST_NOW, illustCount: 200, userCount: 50, faults: [] });
  hostile = await startHostileUpstream({ target: sb.baseUrl });
});
afterAll(async () => {
  await hostile.close();
  await sb.close();
});

const PLACEHOLDER = '/s.pximg.net/common/images/no_profile.png';

describe('the hostile upstream', () => {
  it('passes through unchanged without a rule, and logs what it saw', async () => {
    const direct = Buffer.from(await (await fetch(`${sb.baseUrl}${PLACEHOLDER}`)).arrayBuffer());
    const res = await fetch(`${hostile.baseUrl}${PLACEHOLDER}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(direct)).toBe(true);
    expect(hostile.log).toContain(`GET ${PLACEHOLDER}`);
    expect(hostile.env.UPSTREAM_PXIMG).toBe(hostile.hosts.pximg);
  });

  it('rewrites every JSON string, keeping keys and shape', () => {
    expect(
      rewriteStrings({ a: 'x', b: [{ title: 'y' }], n: 1 }, (v, k) => `${k}:${v}<script>`),
    ).toEqual({ a: 'a:x<script>', b: [{ title: 'title:y<script>' }], n: 1 });
  });

  it('passes a JSON answer through a json rule after its strings rule', async () => {
    const path = '/viewer-services.invalid/notice.json';
    hostile.add({
      pathPrefix: path,
      strings: (v, k) => (k === 'title' ? `<b>${v}</b>` : v),
      json: (v) => ({ ...(v as object), added: true }),
      times: 1,
    });
    const res = await fetch(`${hostile.baseUrl}${path}`);
    const body = (await res.json()) as { added: boolean; notices: { title: string }[] };
    expect(body.added).toBe(true);
    expect(body.notices[0]!.title).toMatch(/^<b>.+<\/b>$/);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(body)));
  });

  it('answers the rule: status, headers, body, times, redirect, reset, truncation', async () => {
    hostile.add({
      pathPrefix: PLACEHOLDER,
      status: 503,
      headers: { 'retry-after': '9' },
      body: 'busy',
      times: 1,
    });
    const busy = await fetch(`${hostile.baseUrl}${PLACEHOLDER}`);
    expect([busy.status, busy.headers.get('retry-after'), await busy.text()]).toEqual([
      503,
      '9',
      'busy',
    ]);
    expect((await fetch(`${hostile.baseUrl}${PLACEHOLDER}`)).status).toBe(200);
    hostile.add({ pathPrefix: PLACEHOLDER, redirect: 'http://169.254.169.254/', times: 1 });
    const moved = await fetch(`${hostile.baseUrl}${PLACEHOLDER}`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'http://169.254.169.254/']);
    hostile.add({ pathPrefix: PLACEHOLDER, reset: true, times: 1 });
    await expect(fetch(`${hostile.baseUrl}${PLACEHOLDER}`)).rejects.toThrow();
    hostile.add({ pathPrefix: PLACEHOLDER, truncateAt: 10, times: 1 });
    const cut = await fetch(`${hostile.baseUrl}${PLACEHOLDER}`);
    await expect(cut.arrayBuffer()).rejects.toThrow();
    hostile.clear();
  });
});
