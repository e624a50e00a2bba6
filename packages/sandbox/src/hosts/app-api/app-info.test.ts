import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPost, demoAccessToken, pximg, testSandbox } from '../../test-helpers.ts';
import { EMOJI } from '../../data/comments.ts';
import { LATEST_ANDROID_VERSION } from './app-info.ts';

const { app, state } = testSandbox();
let token = '';
let other = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
  other = await demoAccessToken(app, 1);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/app-api.pixiv.net${path}`, headers });
const authed = (path: string, as = token) => get(path, { authorization: `Bearer ${as}` });

describe('routes pixiv answers without a token (pixiv-upstream.md §1.3)', () => {
  it('/v1/application-info/android: 200 without a bearer, the nine fields of application_info', async () => {
    const res = await get('/v1/application-info/android');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      application_info: {
        latest_version: LATEST_ANDROID_VERSION,
        update_required: false,
        update_available: false,
        update_message: '',
        notice_exists: false,
        store_url: 'https://play.google.com/store/apps/details?id=jp.pxv.android',
        notice_id: '',
        notice_important: false,
        notice_message: '',
      },
    });
    // An old app (PixEz's 5.0.166) must update; a current one is told nothing.
    const old = await get('/v1/application-info/android', { 'app-version': '5.0.166' });
    expect(old.json()).toMatchObject({
      application_info: { update_required: true, update_available: true },
    });
    const older = await get('/v1/application-info/android', {
      'user-agent': 'PixivAndroidApp/6.66.1 (Android 13; Pixel 7)',
    });
    expect(older.json()).toMatchObject({
      application_info: { update_required: false, update_available: true },
    });
    // A bad token does not matter on a public route.
    expect(
      (await get('/v1/application-info/android', { authorization: 'Bearer x' })).statusCode,
    ).toBe(200);
  });

  it('/v1/emoji: 200 without a bearer, {emoji_definitions: [{id, slug, image_url_medium}]}', async () => {
    const res = await get('/v1/emoji');
    expect(res.statusCode).toBe(200);
    const { emoji_definitions: defs } = res.json() as {
      emoji_definitions: { id: number; slug: string; image_url_medium: string }[];
    };
    expect(defs).toHaveLength(Object.keys(EMOJI).length);
    // The first three exactly as the An-Owlbear capture lists them.
    expect(defs.slice(0, 3)).toEqual([
      {
        id: 101,
        slug: 'normal',
        image_url_medium: 'https://s.pximg.net/common/images/emoji/128x128/101_128x128.png',
      },
      {
        id: 102,
        slug: 'surprise',
        image_url_medium: 'https://s.pximg.net/common/images/emoji/128x128/102_128x128.png',
      },
      {
        id: 103,
        slug: 'serious',
        image_url_medium: 'https://s.pximg.net/common/images/emoji/128x128/103_128x128.png',
      },
    ]);
    expect(defs.every((d, k) => k === 0 || d.id > defs[k - 1]!.id)).toBe(true);
    const image = await pximg(app, defs.at(-1)!.image_url_medium, {});
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });
  });

  it('every other route still wants a token', async () => {
    for (const path of ['/v1/user/ai-show-settings', '/v1/emojis', '/v1/application-info/ios']) {
      expect((await get(path)).statusCode).toBe(400);
    }
  });
});

describe('the AI display setting and the verification mail', () => {
  it('ai-show-settings/edit keeps show_ai per account and the searches follow it', async () => {
    expect((await authed('/v1/user/ai-show-settings')).json()).toEqual({ show_ai: true });
    const off = await appPost(app, '/v1/user/ai-show-settings/edit', { show_ai: 'false' }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({});
    expect((await authed('/v1/user/ai-show-settings')).json()).toEqual({ show_ai: false });
    expect((await authed('/v1/user/ai-show-settings', other)).json()).toEqual({ show_ai: true });

    // An AI tag's search: the account that hides AI works gets none unless it asks for them.
    const word = encodeURIComponent('AIイラスト');
    type Search = { illusts: { illust_ai_type: number }[]; show_ai: boolean };
    const hidden = (await authed(`/v1/search/illust?word=${word}`)).json() as Search;
    expect(hidden.show_ai).toBe(false);
    expect(hidden.illusts.some((i) => i.illust_ai_type === 2)).toBe(false);
    const asked = (
      await authed(`/v1/search/illust?word=${word}&search_ai_type=0`)
    ).json() as Search;
    expect(asked.illusts.some((i) => i.illust_ai_type === 2)).toBe(true);
    const shown = (await authed(`/v1/search/illust?word=${word}`, other)).json() as Search;
    expect(shown.show_ai).toBe(true);
    expect(shown.illusts.some((i) => i.illust_ai_type === 2)).toBe(true);

    // pixivpy writes Python's True.
    await appPost(app, '/v1/user/ai-show-settings/edit', { show_ai: 'True' }, token);
    expect((await authed('/v1/user/ai-show-settings')).json()).toEqual({ show_ai: true });
    expect(state.social.of(11_000_001).showAi).toBe(true);
  });

  it('ai-show-settings/edit refuses a missing or odd show_ai, and a body that is not a form', async () => {
    expect((await appPost(app, '/v1/user/ai-show-settings/edit', {}, token)).statusCode).toBe(400);
    const odd = await appPost(app, '/v1/user/ai-show-settings/edit', { show_ai: 'maybe' }, token);
    expect(odd.statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: '/app-api.pixiv.net/v1/user/ai-show-settings/edit',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ show_ai: false }),
    });
    expect(json.statusCode).toBe(400);
    expect((await authed('/v1/user/ai-show-settings')).json()).toEqual({ show_ai: true });
  });

  it('mail-authentication/send answers {} to a signed-in account, 400 without a token', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/app-api.pixiv.net/v1/mail-authentication/send',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({});
    const anonymous = await app.inject({
      method: 'POST',
      url: '/app-api.pixiv.net/v1/mail-authentication/send',
    });
    expect(anonymous.statusCode).toBe(400);
  });
});
