import { describe, expect, it } from 'vitest';
import {
  CHROME_MIN_VERSION,
  chromeVersion,
  decideStartup,
  type StartupInput,
} from './startup-checks.ts';

const CHROME = (v: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const TOKEN = 'a'.repeat(43);

const input = (patch: Partial<StartupInput> = {}): StartupInput => ({
  nsfwFlag: null,
  content: { r18: false, r18g: false },
  language: 'en',
  userAgent: CHROME(130),
  clientConfig: { useLocalAppApi: false, refreshToken: '' },
  ...patch,
});

describe('decideStartup: the NSFW flag', () => {
  it('is set when R-18 or R-18G is on and the flag is unset', () => {
    expect(decideStartup(input({ content: { r18: true, r18g: false } })).setNsfwFlag).toBe(true);
    expect(decideStartup(input({ content: { r18: false, r18g: true } })).setNsfwFlag).toBe(true);
  });

  it('is left alone when it is already set or adult content is off', () => {
    expect(
      decideStartup(input({ nsfwFlag: '1', content: { r18: true, r18g: false } })).setNsfwFlag,
    ).toBe(false);
    expect(decideStartup(input()).setNsfwFlag).toBe(false);
  });
});

describe('decideStartup: the block', () => {
  it('blocks with BLOCKED. when the flag is on and the UI is Simplified Chinese', () => {
    expect(decideStartup(input({ nsfwFlag: '1', language: 'zh-Hans' }))).toEqual({
      kind: 'blocked',
      setNsfwFlag: false,
      abort: 'BLOCKED.',
    });
  });

  it('blocks at once when turning adult content on sets the flag under zh-Hans', () => {
    expect(
      decideStartup(input({ language: 'zh-Hans', content: { r18: true, r18g: false } })),
    ).toMatchObject({ kind: 'blocked', setNsfwFlag: true });
  });

  it('does not block other languages, nor zh-Hans without the flag', () => {
    expect(decideStartup(input({ nsfwFlag: '1', language: 'zh-Hant' })).kind).toBe('run');
    expect(decideStartup(input({ nsfwFlag: '1', language: 'ja' })).kind).toBe('run');
    expect(decideStartup(input({ language: 'zh-Hans' })).kind).toBe('run');
  });
});

describe('decideStartup: browsers', () => {
  const notice = (ua: string) => {
    const d = decideStartup(input({ userAgent: ua }));
    return d.kind === 'run' ? d.notice : 'blocked';
  };
  const oldBrowser = (ua: string) => {
    const d = decideStartup(input({ userAgent: ua }));
    return d.kind === 'run' && d.oldBrowser;
  };

  it('gives WeChat and QQ in-app browsers the in-app message', () => {
    expect(notice(`${CHROME(120)} MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI`)).toBe(
      'in_app',
    );
    expect(
      notice(`${CHROME(120)} MQQBrowser/6.2 TBS/046291 Mobile Safari/537.36 QQ/9.0.20.5020`),
    ).toBe('in_app');
  });

  it('tells Chinese vendors’ browsers to use Chrome/Edge', () => {
    for (const ua of [
      `${CHROME(100)} UCBrowser/16.0.1.3715 Mobile Safari/537.36`,
      `${CHROME(120)} QQBrowser/12.0.0.0`,
      `${CHROME(108)} QIHU 360SE`,
      `${CHROME(120)} Quark/6.2.0.0 Mobile Safari/537.36`,
      `${CHROME(116)} HuaweiBrowser/14.0.0.0 Mobile Safari/537.36`,
      `${CHROME(112)} XiaoMi/MiuiBrowser/17.0.0`,
      `${CHROME(120)} baiduboxapp/13.0.0.10`,
    ])
      expect(notice(ua)).toBe('use_chrome');
  });

  it('leaves Chrome, Edge, Firefox and Safari without a message', () => {
    expect(notice(CHROME(130))).toBeNull();
    expect(notice(`${CHROME(130)} Edg/130.0.0.0`)).toBeNull();
    expect(notice(FIREFOX)).toBeNull();
  });

  it(`toasts Chrome older than ${CHROME_MIN_VERSION}, not ${CHROME_MIN_VERSION} or newer`, () => {
    expect(CHROME_MIN_VERSION).toBe(106);
    expect(oldBrowser(CHROME(105))).toBe(true);
    expect(oldBrowser(CHROME(106))).toBe(false);
    expect(oldBrowser(CHROME(131))).toBe(false);
    expect(oldBrowser(FIREFOX)).toBe(false);
    expect(chromeVersion('Mozilla/5.0 (iPhone) CriOS/104.0.5112.88 Mobile')).toBe(104);
  });
});

describe('decideStartup: local-app login', () => {
  const login = (clientConfig: StartupInput['clientConfig']) => {
    const d = decideStartup(input({ clientConfig }));
    return d.kind === 'run' ? d.login : 'blocked';
  };

  it('does nothing when the mode is off', () => {
    expect(login({ useLocalAppApi: false, refreshToken: TOKEN })).toBe('none');
  });

  it('re-logs in with a valid config', () => {
    expect(login({ useLocalAppApi: true, refreshToken: TOKEN })).toBe('refresh');
  });

  it('says Not login. without a valid config', () => {
    expect(login({ useLocalAppApi: true, refreshToken: '' })).toBe('not_login');
    expect(login({ useLocalAppApi: true, refreshToken: 'a'.repeat(42) })).toBe('not_login');
  });
});
