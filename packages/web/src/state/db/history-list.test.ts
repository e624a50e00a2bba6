import { describe, expect, it } from 'vitest';
import { HISTORY_CAP } from '@pv/core';
import { asHistory, pushHistory } from './history-list.ts';

const entry = (id: number) => ({ id, title: `#${id}` });

describe('pushHistory', () => {
  it('puts the newest entry first', () => {
    expect(pushHistory([entry(1), entry(2)], entry(3)).map((e) => e.id)).toEqual([3, 1, 2]);
  });

  it('keeps one entry per id: viewing again moves it to the front with the new data', () => {
    const list = pushHistory([entry(1), entry(2), entry(3)], { id: 2, title: 'again' });
    expect(list).toEqual([{ id: 2, title: 'again' }, entry(1), entry(3)]);
  });

  it('cuts the list to 100 entries, dropping the oldest', () => {
    expect(HISTORY_CAP).toBe(100);
    let list: { id: number; title: string }[] = [];
    for (let id = 1; id <= 150; id++) list = pushHistory(list, entry(id));
    expect(list).toHaveLength(100);
    expect(list[0]!.id).toBe(150);
    expect(list.at(-1)!.id).toBe(51);
    // re-viewing an entry of a full list keeps it at 100
    expect(pushHistory(list, entry(60))).toHaveLength(100);
    expect(pushHistory(list, entry(60))[0]!.id).toBe(60);
  });
});

describe('asHistory', () => {
  it('reads only arrays of entries with an id', () => {
    expect(asHistory(undefined)).toEqual([]);
    expect(asHistory('x')).toEqual([]);
    expect(asHistory([entry(1), null, { title: 'no id' }, 3])).toEqual([entry(1)]);
  });
});
