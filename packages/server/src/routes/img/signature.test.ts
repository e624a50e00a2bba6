import { describe, expect, it } from 'vitest';
import { allowedImageType, sniffImageType } from './signature.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('image signatures', () => {
  it('tells the raster formats pixiv serves and zips by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('image/png');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF89a<script>'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miaf'))).toBe(
      'image/avif',
    );
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'avifmiaf'))).toBe(
      'image/avif',
    );
    expect(sniffImageType(bytes('PK', [3, 4]))).toBe('application/zip');
  });

  it('refuses markup, other containers and too few bytes', () => {
    for (const head of [
      bytes('<svg onload=alert(1)>'),
      bytes('<?xml version="1.0"?>'),
      bytes('<!doctype html>'),
      bytes([0xef, 0xbb, 0xbf], '<svg>'),
      bytes('RIFF', [0, 0, 0, 0], 'AVI '),
      bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'),
      bytes('GIF8'),
      bytes([0xff, 0xd8]),
      bytes(''),
    ]) {
      expect(sniffImageType(head), head.toString('latin1')).toBeUndefined();
    }
  });

  it('allows only the picture and zip content types', () => {
    expect(allowedImageType('Image/PNG; charset=binary')).toBe('image/png');
    expect(allowedImageType('application/zip')).toBe('application/zip');
    for (const type of ['image/svg+xml', 'text/html', 'text/xml', 'image/x-icon', '', null]) {
      expect(allowedImageType(type), String(type)).toBeUndefined();
    }
  });
});
