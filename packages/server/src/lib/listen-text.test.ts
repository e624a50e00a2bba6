import { describe, expect, it } from 'vitest';
import { listenText, siteUrl } from './listen-text.ts';

describe('listenText', () => {
  it('says where to open the site first, then lists the other addresses', () => {
    const text = listenText('localhost');
    expect(text('http://127.0.0.1:8080')).toBe(
      'Open http://localhost:8080 in your browser (listening at http://127.0.0.1:8080).',
    );
    expect(text('http://[::1]:8080')).toBe('Also listening at http://[::1]:8080');
  });
});

describe('siteUrl', () => {
  it('names a host a browser can open, with the port actually bound', () => {
    expect(siteUrl('0.0.0.0', 'http://192.168.1.4:43121')).toBe('http://localhost:43121');
    expect(siteUrl('::', 'http://[::]:8080')).toBe('http://localhost:8080');
    expect(siteUrl('::1', 'http://[::1]:8080')).toBe('http://[::1]:8080');
    expect(siteUrl('viewer.example', 'https://10.0.0.2:443')).toBe('https://viewer.example');
  });
});
