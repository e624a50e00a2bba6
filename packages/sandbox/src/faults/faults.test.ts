import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index.ts';
import { TEST_NOW } from '../test-helpers.ts';
import { parseFaultRules, parseFaultSpec, RATE_LIMIT_BODY } from './faults.ts';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: TEST_NOW, illustCount: 2_000, userCount: 200, faults: [] });
});
afterAll(() => sb.close());

const WALK = '/app-api.pixiv.net/v1/walkthrough/illusts';

describe('fault specs', () => {
  it('parses the header and environment forms', () => {
    expect(parseFaultSpec('latency=300; status=502')).toEqual({ latencyMs: 300, status: 502 });
    expect(parseFaultSpec('malformed;drop;rate-limit')).toEqual({
      malformed: true,
      drop: true,
      rateLimit: true,
    });
    expect(() => parseFaultSpec('explode')).toThrow(/unknown sandbox fault/);
    expect(parseFaultRules('/i.pximg.net:status=404|latency=10')).toEqual([
      { pathPrefix: '/i.pximg.net', status: 404 },
      { pathPrefix: '', latencyMs: 10 },
    ]);
    expect(parseFaultRules(undefined)).toEqual([]);
  });
});

describe('faults on a running sandbox', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${sb.baseUrl}${path}`, { headers });

  it('answers normally without a fault and records the request', async () => {
    const before = sb.state.faults.count(WALK);
    const res = await get(WALK);
    expect(res.status).toBe(200);
    expect(sb.state.faults.count(WALK)).toBe(before + 1);
  });

  it('applies the per-request header: status, malformed body, rate limit, latency', async () => {
    const failed = await get(WALK, { 'x-sandbox-fault': 'status=500' });
    expect(failed.status).toBe(500);
    const malformed = await get(WALK, { 'x-sandbox-fault': 'malformed' });
    expect(malformed.status).toBe(200);
    await expect(malformed.clone().json()).rejects.toThrow();
    const limited = await get(WALK, { 'x-sandbox-fault': 'rate-limit' });
    expect(limited.status).toBe(403);
    expect(await limited.json()).toEqual(RATE_LIMIT_BODY);
    const started = Date.now();
    expect((await get(WALK, { 'x-sandbox-fault': 'latency=250' })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect((await get(WALK, { 'x-sandbox-fault': 'bogus' })).status).toBe(400);
  });

  it('drops the connection without an answer', async () => {
    const url = new URL(`${sb.baseUrl}${WALK}`);
    const outcome = await new Promise<string>((resolve) => {
      const req = request(url, { headers: { 'x-sandbox-fault': 'drop' } }, () =>
        resolve('answered'),
      );
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      req.end();
    });
    expect(outcome).toBe('ECONNRESET');
  });

  it('takes rules over HTTP, limited by times and path prefix, and clears them', async () => {
    const add = await fetch(`${sb.baseUrl}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix: WALK, status: 503, times: 2 }),
    });
    expect(add.status).toBe(200);
    expect((await get('/app-api.pixiv.net/v1/illust/detail?illust_id=1')).status).not.toBe(503);
    expect((await get(WALK)).status).toBe(503);
    expect((await get(WALK)).status).toBe(503);
    expect((await get(WALK)).status).toBe(200);
    sb.state.faults.add({ pathPrefix: '', rateLimit: true });
    expect((await get(WALK)).status).toBe(403);
    await fetch(`${sb.baseUrl}/_sandbox/faults`, { method: 'DELETE' });
    expect((await get(WALK)).status).toBe(200);
    const bad = await fetch(`${sb.baseUrl}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 9000 }),
    });
    expect(bad.status).toBe(400);
  });
});
