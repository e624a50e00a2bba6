import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.ts';
import { decodeSettings, exportSettings, ImportError, importSettings } from './transfer.ts';
import { DEFAULT_SETTINGS, parseSettings } from './settings.ts';

afterEach(() => localStorage.clear());

const custom = {
  ...DEFAULT_SETTINGS,
  content: { r18: true, r18g: false, ai: false },
  blocks: { tags: ['猫', 'Ελληνικά'], authorIds: [11] },
  app: { ...DEFAULT_SETTINGS.app, wfType: 'Grid' as const, accent: '#e5484d' },
};

describe('settings export and import', () => {
  it('restores every setting of an exported file, non-ASCII text included', () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(custom));
    localStorage.setItem(STORAGE_KEYS.language, 'ja');
    localStorage.setItem(STORAGE_KEYS.nsfw, '1');
    const file = exportSettings();
    expect(file).toMatch(/^[A-Za-z0-9+/=]+$/);
    localStorage.clear();
    importSettings(file);
    expect(parseSettings(localStorage.getItem(STORAGE_KEYS.settings))).toEqual(custom);
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ja');
    expect(localStorage.getItem(STORAGE_KEYS.nsfw)).toBe('1');
  });

  it('never writes the login into the file', () => {
    localStorage.setItem(STORAGE_KEYS.clientConfig, '{"refreshToken":"secret-token"}');
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(custom));
    expect(atob(exportSettings())).not.toContain('secret-token');
  });

  it('refuses a corrupt or foreign file and changes nothing', () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(custom));
    const before = { ...localStorage };
    for (const bad of [
      'not base64 at all %%%',
      btoa('{"pv.settings": '),
      btoa('[]'),
      btoa('{}'),
      btoa('{"pv.webSession":"{}"}'),
      btoa('{"pv.clientConfig":"[1]"}'),
      btoa('{"pv.settings": 3}'),
      btoa('{"pv.settings": "[1]"}'),
    ]) {
      expect(() => importSettings(bad), bad).toThrow(ImportError);
      expect({ ...localStorage }).toEqual(before);
    }
  });

  it('names what is wrong', () => {
    expect(() => decodeSettings(btoa('{"pv.webSession":"{}"}'))).toThrow(
      'unknown setting "pv.webSession"',
    );
  });

  it('carries the API modes and manual input, never the token; an import keeps the login', () => {
    const login = { refreshToken: 'secret-token', useLocalAppApi: true };
    localStorage.setItem(
      STORAGE_KEYS.clientConfig,
      JSON.stringify({ ...login, directMode: false, useApiProxy: true, apiProxy: 'proxy.example' }),
    );
    localStorage.setItem(STORAGE_KEYS.manualInput, '1');
    const file = exportSettings();
    expect(atob(file)).not.toContain('secret-token');
    localStorage.clear();
    const other = { refreshToken: 'other-token', useLocalAppApi: false };
    localStorage.setItem(STORAGE_KEYS.clientConfig, JSON.stringify(other));
    importSettings(file);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.clientConfig)!)).toEqual({
      ...other,
      directMode: false,
      useApiProxy: true,
      apiProxy: 'proxy.example',
    });
    expect(localStorage.getItem(STORAGE_KEYS.manualInput)).toBe('1');
    // a file without them puts the modes back to their defaults, the login still kept
    localStorage.removeItem(STORAGE_KEYS.manualInput);
    importSettings(exportSettings());
    importSettings(btoa(JSON.stringify({ [STORAGE_KEYS.language]: 'en' })));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.clientConfig)!)).toEqual({
      ...other,
      directMode: false,
      useApiProxy: false,
      apiProxy: '',
    });
  });
});
