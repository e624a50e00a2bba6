/**
 * The viewer's public notices JSON and its sensitive-word list (spec 000 §7 "Other"), as the
 * services host serves them: notices with `start`, `end`, `id`, `title`, `text`, `alert`,
 * `style`, `pnt`, plus the seasonal `effects`. Dated around the sandbox's present, so one
 * notice is running, one is over and one is still to come.
 */
import { jstIso } from '../clock.ts';

const DAY = 86_400_000;

export interface Notice {
  id: string;
  /** ISO times (JST) between which the notice shows. */
  start: string;
  end: string;
  title: string;
  /** May hold simple HTML (links, line breaks); clients sanitise it. */
  text: string;
  /** Shown as a dialog instead of a banner. */
  alert: boolean;
  style: 'info' | 'success' | 'warning' | 'error';
  /** Shown as a dot on the settings entry until read. */
  pnt: boolean;
  /** The language of `title` and `text`. */
  lang?: string;
  /** The notice in other languages, by the viewer's language codes. */
  i18n?: Record<string, { title: string; text: string }>;
}

export interface Effect {
  id: string;
  /** The decoration drawn over the page. */
  type: 'snow' | 'sakura' | 'fireworks';
  start: string;
  end: string;
}

export interface NoticesFile {
  notices: Notice[];
  effects: Effect[];
}

export function noticesFile(now: number): NoticesFile {
  const day = (offset: number) => jstIso(Math.floor(now / DAY) * DAY + offset * DAY);
  return {
    notices: [
      {
        id: 'maintenance-done',
        start: day(-30),
        end: day(-2),
        title: 'メンテナンスは終了しました',
        text: 'ご協力ありがとうございました。',
        alert: false,
        style: 'success',
        pnt: false,
      },
      {
        id: 'mirror-update',
        start: day(-1),
        end: day(14),
        title: 'API ミラーを更新しました',
        text: '画像の読み込みが速くなりました。<br>問題があれば<a href="https://github.com/">こちら</a>へ。',
        alert: false,
        style: 'info',
        pnt: true,
        lang: 'ja',
        i18n: {
          en: {
            title: 'The API mirror was updated',
            text: 'Pictures load faster now.<br>Any problem? Tell us <a href="https://github.com/">here</a>.',
          },
          'zh-Hans': {
            title: 'API 镜像已更新',
            text: '图片加载更快了。<br>如有问题，请到<a href="https://github.com/">这里</a>反馈。',
          },
          'zh-Hant': {
            title: 'API 鏡像已更新',
            text: '圖片載入更快了。<br>如有問題，請到<a href="https://github.com/">這裡</a>回報。',
          },
        },
      },
      {
        id: 'rate-limit-warning',
        start: day(-1),
        end: day(3),
        title: 'アクセス集中のお知らせ',
        text: '「Rate Limit」と表示されたら、しばらく待ってからお試しください。',
        alert: true,
        style: 'warning',
        pnt: false,
      },
      {
        id: 'next-release',
        start: day(20),
        end: day(40),
        title: '新しいバージョンの予告',
        text: '小説の縦書き表示が改善されます。',
        alert: false,
        style: 'info',
        pnt: true,
      },
    ],
    effects: [
      { id: 'winter', type: 'snow', start: day(-5), end: day(30) },
      { id: 'spring', type: 'sakura', start: day(120), end: day(140) },
    ],
  };
}

/**
 * Words the viewer keeps out of search suggestions and shared links. The rating tags (R-18, R18,
 * R-18G) are not among them: the content settings govern those, and a user who switched R-18 on
 * may search for them.
 */
export const SENSITIVE_WORDS: readonly string[] = [
  'NSFW',
  'エロ',
  'ヌード',
  '全裸',
  'グロ',
  'リョナ',
  '色情',
  '裸体',
  '血腥',
  '成人向け',
  'hentai',
];
