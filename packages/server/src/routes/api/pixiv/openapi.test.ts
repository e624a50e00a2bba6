import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { ENDPOINTS } from './endpoints.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: { type: string; enum?: string[]; default?: unknown; minimum?: number };
}
interface Doc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, { get: { operationId: string; parameters: Parameter[] } }>;
}

describe('GET /api/pixiv/openapi.json', () => {
  it('answers 200 JSON (the probe clients make) describing every route', async () => {
    const res = await t.app.inject({ url: '/api/pixiv/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = res.json() as Doc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api/pixiv' }]);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [...Object.keys(ENDPOINTS), 'req_get', 'req_post', 'me'].map((n) => `/${n}`).sort(),
    );
    // every documented path is a route of the mirror; an undocumented one is not
    for (const path of Object.keys(doc.paths)) {
      const answer = await t.app.inject({ url: `/api/pixiv${path}` });
      expect(answer.statusCode, path).not.toBe(404);
    }
    expect((await t.app.inject({ url: '/api/pixiv/not_a_route' })).statusCode).toBe(404);
  });

  it('gives each parameter its type, requirement and default as the validation applies them', async () => {
    const doc = (await t.app.inject({ url: '/api/pixiv/openapi.json' })).json() as Doc;
    const params = (name: string) =>
      Object.fromEntries(doc.paths[`/${name}`]!.get.parameters.map((p) => [p.name, p]));
    const search = params('search');
    expect(search.word).toMatchObject({ in: 'query', required: true, schema: { type: 'string' } });
    expect(search.order!.schema).toMatchObject({
      enum: ['date_desc', 'date_asc', 'popular_desc'],
      default: 'date_desc',
    });
    expect(search.page!.schema).toMatchObject({ type: 'integer', default: 1, minimum: 1 });
    const rank = params('rank');
    expect(rank.mode!.schema.default).toBe('week');
    expect(rank.date!.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(params('spotlights').size!.schema.default).toBe(10);
    expect(params('req_get').path!.schema.enum).toEqual(['v2/illust/follow', 'v1/novel/follow']);
    expect(params('me')['x-pixiv-refresh-token']).toMatchObject({ in: 'header', required: true });
    // a required parameter of the document is one whose absence the mirror refuses with 422
    for (const [path, item] of Object.entries(doc.paths)) {
      const required = item.get.parameters.filter((p) => p.in === 'query' && p.required);
      if (required.length === 0 || path.startsWith('/req_')) continue;
      const res = await t.app.inject({ url: `/api/pixiv${path}` });
      expect(res.statusCode, path).toBe(422);
      const missing = (res.json() as { validation: { loc: string[] }[] }).validation.map(
        (v) => v.loc[1],
      );
      expect(missing, path).toEqual(required.map((p) => p.name));
    }
  });
});
