import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signature, similarity } from '../data/image-index.ts';
import { artScene, artSvg, renderSvg } from './art.ts';
import { hslToRgb, sceneGrid } from './art-grid.ts';

describe('sceneGrid', () => {
  it('converts CSS hsl() to sRGB', () => {
    expect(hslToRgb({ h: 0, s: 100, l: 50 }).map(Math.round)).toEqual([255, 0, 0]);
    expect(hslToRgb({ h: 120, s: 100, l: 25 }).map(Math.round)).toEqual([0, 128, 0]);
    expect(hslToRgb({ h: 210, s: 50, l: 80 }).map(Math.round)).toEqual([179, 204, 230]);
  });

  it('gives the grid of the rendered picture, and not of another one', async () => {
    // Pictures of several shapes and sizes, portrait, landscape and square, with every shape kind.
    const specs = [
      { key: 'work:101:0', width: 1200, height: 1700 },
      { key: 'work:202:0', width: 1920, height: 1080 },
      { key: 'work:303:1', width: 800, height: 800 },
      { key: 'work:404:0', width: 600, height: 2400 },
    ].map((s) => ({ ...s, seed: 20_070_913 }));
    const kinds = new Set(specs.flatMap((s) => artScene(s).shapes.map((shape) => shape.type)));
    expect([...kinds].sort()).toEqual(['circle', 'path', 'polygon', 'rect']);
    const grids = specs.map((s) => sceneGrid(artScene(s)));
    for (const [k, spec] of specs.entries()) {
      const jpeg = await renderSvg(artSvg(spec), {
        width: 540,
        height: 540,
        cover: false,
        format: 'jpeg',
        quality: 70,
      });
      const rendered = await signature(await sharp(jpeg).resize(300).toBuffer());
      expect(similarity(rendered, grids[k]!)).toBeGreaterThan(92);
      for (const [other, grid] of grids.entries()) {
        if (other !== k) expect(similarity(rendered, grid)).toBeLessThan(88);
      }
    }
  });
});
