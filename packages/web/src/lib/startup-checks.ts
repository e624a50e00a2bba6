/**
 * The startup checks of spec 001 §5.3 as one pure decision, run before the app renders:
 * - the NSFW flag is set when adult content is on and the flag is unset;
 * - NSFW on with the Simplified Chinese UI blanks the page for a blocked page ('BLOCKED.');
 * - WeChat and QQ in-app browsers, and a list of Chinese vendors' browsers, get a message;
 * - Chrome older than 106 gets a toast to use the latest browser;
 * - local-app mode re-logs in at once, or says 'Not login.' without a valid config.
 */

/** Chrome (and Chromium-based browsers) below this major version are told to update. */
export const CHROME_MIN_VERSION = 106;
/** Refresh tokens are exactly this long (spec 001 §5.1). */
export const REFRESH_TOKEN_LENGTH = 43;
/** The NSFW flag's stored value when on. */
export const NSFW_ON = '1';

const IN_APP = /MicroMessenger|\bQQ\/\d/i;
/** Chinese vendors' browsers (UC, QQ Browser, 360, Sogou, Baidu, Quark, 2345, Liebao, Maxthon, phone makers'). */
const VENDOR =
  /UCBrowser|UCWEB|M?QQBrowser|QihooBrowser|QHBrowser|360SE|360EE|MetaSr|SogouMobileBrowser|\bSE 2\.X\b|BIDUBrowser|baiduboxapp|baidubrowser|Quark\/|2345Explorer|Mb2345Browser|LBBROWSER|LieBaoFast|Maxthon|HuaweiBrowser|HBPC\/|MiuiBrowser|HeyTapBrowser|VivoBrowser|OppoBrowser/i;

export interface StartupInput {
  /** The stored NSFW flag, null when unset. */
  nsfwFlag: string | null;
  content: { r18: boolean; r18g: boolean };
  /** The UI language. */
  language: string;
  userAgent: string;
  clientConfig: { useLocalAppApi: boolean; refreshToken: string };
}

export type StartupDecision =
  | {
      kind: 'blocked';
      setNsfwFlag: boolean;
      /** The abort message. */
      abort: 'BLOCKED.';
    }
  | {
      kind: 'run';
      setNsfwFlag: boolean;
      /** A lasting message: 'in_app' (WeChat, QQ) or 'use_chrome' (a vendor's browser). */
      notice: 'in_app' | 'use_chrome' | null;
      /** A 2.5 s toast: the browser is too old. */
      oldBrowser: boolean;
      /** Local-app mode: re-login now, or 'Not login.' when the config is not valid. */
      login: 'none' | 'refresh' | 'not_login';
    };

/** The Chrome major version in a user agent, or null when it is not Chromium-based. */
export function chromeVersion(userAgent: string): number | null {
  const m = /\b(?:Chrome|CriOS)\/(\d+)/.exec(userAgent);
  return m ? Number(m[1]) : null;
}

export function decideStartup(input: StartupInput): StartupDecision {
  const setNsfwFlag = input.nsfwFlag === null && (input.content.r18 || input.content.r18g);
  const nsfwOn = setNsfwFlag || input.nsfwFlag === NSFW_ON;
  if (nsfwOn && input.language === 'zh-Hans')
    return { kind: 'blocked', setNsfwFlag, abort: 'BLOCKED.' };
  const ua = input.userAgent;
  const notice = IN_APP.test(ua) ? 'in_app' : VENDOR.test(ua) ? 'use_chrome' : null;
  const chrome = chromeVersion(ua);
  const { useLocalAppApi, refreshToken } = input.clientConfig;
  return {
    kind: 'run',
    setNsfwFlag,
    notice,
    oldBrowser: notice === null && chrome !== null && chrome < CHROME_MIN_VERSION,
    login: !useLocalAppApi
      ? 'none'
      : refreshToken.length === REFRESH_TOKEN_LENGTH
        ? 'refresh'
        : 'not_login',
  };
}
