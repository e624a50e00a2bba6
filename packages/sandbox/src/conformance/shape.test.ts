import { describe, expect, it } from 'vitest';
import { keyPaths, shapeDifferences } from './shape.ts';

describe('shapeDifferences', () => {
  const capture = {
    id: 1,
    title: 'a',
    series: null,
    user: { id: 2, name: 'b' },
    tags: [
      { name: 't', translated_name: null },
      { name: 'u', translated_name: 'U' },
    ],
    pages: { '123': null, '456': null },
  };

  it('accepts the same shape with other values, extra keys and other ids', () => {
    const answer = {
      id: 9,
      title: 'z',
      series: null,
      user: { id: 4, name: 'y', extra: true },
      tags: [{ name: 'x', translated_name: 'X' }],
      pages: { '789': null },
      more: [],
    };
    expect(shapeDifferences(capture, answer)).toEqual([]);
  });

  it('reports a missing key, a retyped value and null where the capture has a type', () => {
    expect(
      shapeDifferences(capture, {
        ...capture,
        title: undefined,
        id: '1',
        user: null,
      }),
    ).toEqual([
      '$.id: number expected, got string',
      '$.title missing',
      '$.user: object expected, got null',
    ]);
  });

  it('compares arrays by their element shape, so an empty answer array lacks the elements', () => {
    expect(shapeDifferences(capture, { ...capture, tags: [{ name: 1 }] })).toEqual([
      '$.tags[].name: string expected, got number',
      '$.tags[].translated_name missing',
    ]);
    expect(shapeDifferences(capture, { ...capture, tags: [] })).toEqual(['$.tags[] missing']);
  });

  it('wants null where the capture has null, unless the reference allows a type there', () => {
    expect(shapeDifferences(capture, { ...capture, series: 5 })).toEqual([
      '$.series: null expected, got number',
    ]);
    const nullOr = { '$.series': ['object'] } as const;
    expect(shapeDifferences(capture, { ...capture, series: 5 }, { nullOr })).toEqual([
      '$.series: null|object expected, got number',
    ]);
    // below an allowed object nothing is compared: the capture shows nothing there
    expect(shapeDifferences(capture, { ...capture, series: { id: 3 } }, { nullOr })).toEqual([]);
  });

  it('lets a type-and-null mix of the capture stand for either', () => {
    const mixed = { ...capture, tags: [{ name: 'x', translated_name: null }] };
    expect(shapeDifferences(capture, mixed)).toEqual([]);
  });

  it('treats [] and a map as one shape only where pixiv sends [] for an empty collection', () => {
    const profile = { illusts: { '1': null }, manga: [] };
    const answer = { illusts: [], manga: { '2': null } };
    expect(shapeDifferences(profile, answer)).toEqual([
      '$.illusts: object expected, got array',
      '$.manga: array expected, got object',
    ]);
    expect(shapeDifferences(profile, answer, { emptyListOrMap: ['$.illusts', '$.manga'] })).toEqual(
      [],
    );
  });

  it('wants the union of several captures of one endpoint', () => {
    const one = { webpage: 'https://a', twitter: null };
    const two = { webpage: null, twitter: 'b', extra: 1 };
    const answer = { webpage: null, twitter: null, extra: 2 };
    expect(shapeDifferences(one, answer)).toEqual(['$.webpage: string expected, got null']);
    expect(shapeDifferences(one, answer, { alsoLike: [two] })).toEqual([]);
    expect(shapeDifferences(one, { webpage: 'x', twitter: 1 }, { alsoLike: [two] })).toEqual([
      '$.twitter: null|string expected, got number',
      '$.extra missing',
    ]);
  });

  it('names id-keyed maps by <id>', () => {
    expect([...keyPaths({ a: { '12': { b: 1 }, '12-2': { b: 2 } } }).keys()]).toEqual([
      '$',
      '$.a',
      '$.a.<id>',
      '$.a.<id>.b',
    ]);
  });
});
