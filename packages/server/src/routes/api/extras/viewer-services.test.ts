import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deletedWorks, sandboxServices } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { NOTICES_FAILURE_TTL, NOTICES_TTL, PID_RECOVER_TTL } from './viewer-services.ts';

let t: TestServer;
/** A stand-in upstream that fails or misbehaves on demand, counting its calls. */
let fake: Server;
let fakeBase = '';
const fakeCalls: string[] = [];
let fakeMode: 'ok' | 'fail' | 'junk' = 'ok';

beforeAll(async () => {
  // The server keeps the notices not over by its own clock: the sandbox dates them around the
  // same present (around the fixed test day, the running notice would end two weeks after it).
  t = await startTestServer({ sandboxNow: Date.now() });
  fake = createServer((req, res) => {
    fakeCalls.push(req.url ?? '');
    if (fakeMode === 'fail') return res.writeHead(500).end('oops');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (fakeMode === 'junk') return res.end('<html>not json');
    if (req.url === '/words.json') return res.end(JSON.stringify([' 猫 ', '犬', '猫', '']));
    if (req.url === '/notices.json') {
      return res.end(
        JSON.stringify({
          notices: [
            {
              id: 1,
              start: '2020-01-01T00:00:00Z',
              end: '2099-01-01T00:00:00Z',
              title: 'a',
              text: 't',
              alert: false,
              style: 'info',
              pnt: true,
            },
            { id: 2, title: 'broken' },
          ],
        }),
      );
    }
    return res.end(JSON.stringify([{ createDate: 'x', sampleUrl: 'not a url' }]));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const get = (url: string) => t.app.inject({ url });

describe('GET /api/pid-recover/{id}', () => {
  it('relays what archives kept of a deleted work, cached a day', async () => {
    const ids = deletedWorks(t.sandbox.state.data).map((w) => w.id);
    const res = await get(`/api/pid-recover/${ids[0]}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      createDate: string;
      sampleUrl: string;
      fileUrl: string;
      tags: string[];
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]!.fileUrl).toMatch(/^https:\/\/i\.pximg\.net\/img-original\//);
    expect(res.headers['cache-control']).toBe(`max-age=${PID_RECOVER_TTL}`);
    expect((await get(`/api/pid-recover/${ids[0]}`)).headers['x-cache-hit']).toBe('true');
    // The work itself is gone from the app API.
    const detail = (await get(`/api/pixiv/illust?id=${ids[0]}`)).json();
    expect(detail.error).toBeDefined();
    // A work nobody archived: an empty list.
    expect((await get(`/api/pid-recover/${t.sandbox.state.data.ids[5]}`)).json()).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect((await get(`/api/pid-recover/${bad}`)).statusCode, bad).toBe(422);
    }
  });
});

describe('GET /api/notices', () => {
  it('answers the running and coming notices with every field, and effects, for ten minutes', async () => {
    const res = await get('/api/notices');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      notices: {
        id: string;
        start: string;
        end: string;
        title: string;
        text: string;
        alert: boolean;
        style: string;
        pnt: boolean;
      }[];
      effects: { type: string; end: string }[];
    };
    const upstream = (await (await fetch(sandboxServices(t.sandbox.baseUrl).notices)).json()) as {
      notices: { id: string; end: string }[];
    };
    const notOver = upstream.notices.filter((n) => Date.parse(n.end) > Date.now());
    expect(body.notices.map((n) => n.id)).toEqual(notOver.map((n) => n.id));
    expect(body.notices.length).toBeLessThan(upstream.notices.length);
    for (const n of body.notices) {
      // the optional language and translations pass through; nothing else is added
      expect(
        Object.keys(n)
          .filter((k) => k !== 'lang' && k !== 'i18n')
          .sort(),
      ).toEqual(['alert', 'end', 'id', 'pnt', 'start', 'style', 'text', 'title']);
    }
    const translated = body.notices.find((n) => n.id === 'mirror-update') as unknown as {
      lang: string;
      i18n: Record<string, { title: string }>;
    };
    expect(translated.lang).toBe('ja');
    expect(translated.i18n.en!.title).toBe('The API mirror was updated');
    expect(body.effects.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe(`max-age=${NOTICES_TTL}`);
  });
});

describe('GET /api/sensitive-words', () => {
  it('fetches the list once and keeps it', async () => {
    const before = t.sandbox.state.faults.count('/viewer-services.invalid/sensitive-words.json');
    const a = await get('/api/sensitive-words');
    expect(a.statusCode).toBe(200);
    const words = (a.json() as { words: string[] }).words;
    expect(words.length).toBeGreaterThan(5);
    await Promise.all([get('/api/sensitive-words'), get('/api/sensitive-words')]);
    expect((await get('/api/sensitive-words')).json()).toEqual({ words });
    expect(
      t.sandbox.state.faults.count('/viewer-services.invalid/sensitive-words.json') - before,
    ).toBe(1);
  });
});

describe('upstream faults and configuration', () => {
  it('answers 502 on failures, drops malformed items, retries the word list after a failure, 503 when unset', async () => {
    const s = await startTestServer({
      services: {
        pidRecover: fakeBase,
        notices: `${fakeBase}/notices.json`,
        sensitiveWords: `${fakeBase}/words.json`,
      },
    });
    try {
      fakeMode = 'fail';
      expect((await s.app.inject({ url: '/api/pid-recover/42' })).statusCode).toBe(502);
      expect((await s.app.inject({ url: '/api/sensitive-words' })).statusCode).toBe(502);
      fakeMode = 'junk';
      expect((await s.app.inject({ url: '/api/notices' })).statusCode).toBe(502);
      fakeMode = 'ok';
      // a notice service that failed is left alone for a while: every page view asks for notices
      const noticeCalls = () => fakeCalls.filter((c) => c === '/notices.json').length;
      const before = noticeCalls();
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const resting = await s.app.inject({ url: '/api/notices' });
        expect(resting.statusCode).toBe(502);
        expect(Number(resting.headers['retry-after'])).toBe(NOTICES_FAILURE_TTL);
        vi.setSystemTime(Date.now() + (NOTICES_FAILURE_TTL - 1) * 1000);
        expect((await s.app.inject({ url: '/api/notices' })).headers['retry-after']).toBe('1');
        expect(noticeCalls()).toBe(before);
        // then asked again
        vi.setSystemTime(Date.now() + 1000);
        const notices = (await s.app.inject({ url: '/api/notices' })).json();
        expect(noticeCalls()).toBe(before + 1);
        expect(notices.notices.map((n: { id: number }) => n.id)).toEqual([1]);
        expect(notices.effects).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
      // Wrong shape from the recovery service: refused, not relayed.
      expect((await s.app.inject({ url: '/api/pid-recover/42' })).statusCode).toBe(502);
      const calls = fakeCalls.filter((c) => c === '/words.json').length;
      expect((await s.app.inject({ url: '/api/sensitive-words' })).json()).toEqual({
        words: ['猫', '犬'],
      });
      await s.app.inject({ url: '/api/sensitive-words' });
      expect(fakeCalls.filter((c) => c === '/words.json').length).toBe(calls + 1);
    } finally {
      await s.close();
    }
    const none = await startTestServer({ services: {} });
    try {
      for (const url of ['/api/pid-recover/1', '/api/notices', '/api/sensitive-words']) {
        expect((await none.app.inject({ url })).statusCode, url).toBe(503);
      }
    } finally {
      await none.close();
    }
  });
});
