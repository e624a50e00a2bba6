import { describe, expect, it } from 'vitest';
import {
  DEFAULT_APP_SETTINGS,
  DEFAULT_FILE_NAME_TPL,
  isValidFileNameTpl,
  parseAppSettings,
} from './schema.ts';

describe('app settings defaults (spec 001 §3, §9)', () => {
  it('hold every setting of the spec with its default', () => {
    expect(parseAppSettings({})).toEqual({
      wfType: 'Masonry',
      imgReso: 'Medium',
      isImageCardOuterMeta: true,
      isImageFitScreen: true,
      isLongpressBlock: false,
      isLongpressDL: false,
      pageFont: '',
      pageTransition: 'none',
      novelDlFormat: 'txt',
      novelDefTranslate: 'none',
      isAutoLoadImt: false,
      preferDownloadByFsa: false,
      preferDownloadByTm: false,
      dlSubDirByAuthor: false,
      dlFileNameTpl: '{author}_{title}_{pid}_p{index}',
      ugoiraDefDLFormat: 'ZIP',
      isDirectPximg: false,
      isUseFancybox: false,
      isEnableSwipe: true,
      isImgLazy: true,
      isImgLazyOb: false,
      isImageCardBorderRadius: true,
      withBodyBg: false,
      hideRankManga: false,
      searchMinFav: 5,
      theme: 'auto',
      accent: '#38a9f5',
    });
    expect(DEFAULT_FILE_NAME_TPL).toBe('{author}_{title}_{pid}_p{index}');
  });

  it('keep every listed layout and page transition, and nothing else', () => {
    for (const wf of [
      'Masonry',
      'Grid',
      'Justified',
      'LabEqualWidth',
      'LabEqualSize',
      'LabEqualHeight',
    ])
      expect(parseAppSettings({ wfType: wf }).wfType).toBe(wf);
    expect(parseAppSettings({ wfType: 'Carousel' }).wfType).toBe('Masonry');
    const transitions = [
      'none',
      'ios',
      'md',
      'cover',
      'cover-v',
      'dive',
      'fade',
      'flip',
      'parallax',
      'push',
    ];
    for (const tr of transitions)
      expect(parseAppSettings({ pageTransition: tr }).pageTransition).toBe(tr);
    expect(parseAppSettings({ pageTransition: 'zoom' }).pageTransition).toBe('none');
  });

  it('offer Medium and Large resolutions; Original is disabled and read as the default', () => {
    expect(parseAppSettings({ imgReso: 'Large' }).imgReso).toBe('Large');
    expect(parseAppSettings({ imgReso: 'Original' }).imgReso).toBe('Medium');
    expect(parseAppSettings({ imgReso: 'Huge' }).imgReso).toBe('Medium');
  });

  it('enforce the exclusive pairs: long-press block vs download, folder vs helper script', () => {
    const both = parseAppSettings({ isLongpressBlock: true, isLongpressDL: true });
    expect([both.isLongpressBlock, both.isLongpressDL]).toEqual([true, false]);
    const dl = parseAppSettings({ isLongpressDL: true });
    expect([dl.isLongpressBlock, dl.isLongpressDL]).toEqual([false, true]);
    const fsa = parseAppSettings({ preferDownloadByFsa: true, preferDownloadByTm: true });
    expect([fsa.preferDownloadByFsa, fsa.preferDownloadByTm]).toEqual([true, false]);
  });

  it('validate each field alone, so one bad value never loses the rest', () => {
    const s = parseAppSettings({
      wfType: 'Grid',
      isImgLazy: 'yes',
      novelDlFormat: 'pdf',
      ugoiraDefDLFormat: 'MP4(Server)',
      novelDefTranslate: 'gg',
      isUseFancybox: true,
      accent: 'blue',
    });
    expect(s).toMatchObject({
      wfType: 'Grid',
      isImgLazy: true,
      novelDlFormat: 'txt',
      ugoiraDefDLFormat: 'MP4(Server)',
      novelDefTranslate: 'gg',
      isUseFancybox: true,
      accent: '#38a9f5',
    });
  });

  it('read the minimum-bookmark field as digits only, an empty one as 0', () => {
    expect(parseAppSettings({ searchMinFav: '' }).searchMinFav).toBe(0);
    expect(parseAppSettings({ searchMinFav: '250' }).searchMinFav).toBe(250);
    expect(parseAppSettings({ searchMinFav: '2.5' }).searchMinFav).toBe(5);
    expect(parseAppSettings({ searchMinFav: -3 }).searchMinFav).toBe(5);
  });

  it('keep file-name templates made of the known tokens, up to 128 characters', () => {
    expect(isValidFileNameTpl('{authorId}-{pid}_{width}x{height}_{tags}_{createDate}')).toBe(true);
    expect(isValidFileNameTpl('{pid}{nope}')).toBe(false);
    expect(isValidFileNameTpl('plain')).toBe(false);
    expect(isValidFileNameTpl(`{pid}${'x'.repeat(124)}`)).toBe(false);
    expect(isValidFileNameTpl(`{pid}${'x'.repeat(123)}`)).toBe(true);
    expect(parseAppSettings({ dlFileNameTpl: '{bad}' }).dlFileNameTpl).toBe(DEFAULT_FILE_NAME_TPL);
  });

  it('refuse page fonts that could escape a CSS value', () => {
    expect(parseAppSettings({ pageFont: 'Noto Serif JP' }).pageFont).toBe('Noto Serif JP');
    expect(parseAppSettings({ pageFont: 'x;}body{color:red' }).pageFont).toBe('');
    expect(parseAppSettings({ pageFont: 'a", b' }).pageFont).toBe('');
  });
});

it('the frozen defaults are what parseAppSettings gives for nothing', () => {
  expect(parseAppSettings({})).toEqual(DEFAULT_APP_SETTINGS);
});
