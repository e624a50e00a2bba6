/**
 * Lookup structures over the dataset, built on first use: works per user, and a search index
 * (tag postings, titles and captions) for the search endpoints.
 */
import type { Dataset } from './dataset.ts';
import { TAGS, TAG_AI, TAG_AI_ILLUST, TAG_R18, TAG_R18G, type TagWord } from './words.ts';

export const ALL_TAGS: readonly TagWord[] = [...TAGS, TAG_R18, TAG_R18G, TAG_AI, TAG_AI_ILLUST];

export class Indexes {
  private byUserCache: Map<number, Uint32Array> | undefined;
  private postingsCache: Map<string, Uint32Array> | undefined;
  private textCache: string[] | undefined;

  constructor(private readonly data: Dataset) {}

  /** Work indexes of a user, oldest first. */
  worksOf(userIndex: number): Uint32Array {
    if (!this.byUserCache) {
      const lists = new Map<number, number[]>();
      for (let i = 0; i < this.data.illustCount; i++) {
        const owner = this.data.owner[i]!;
        let list = lists.get(owner);
        if (!list) lists.set(owner, (list = []));
        list.push(i);
      }
      this.byUserCache = new Map([...lists].map(([k, v]) => [k, Uint32Array.from(v)]));
    }
    return this.byUserCache.get(userIndex) ?? new Uint32Array(0);
  }

  private build(): void {
    const postings = new Map<string, number[]>();
    const text: string[] = new Array<string>(this.data.illustCount);
    for (let i = 0; i < this.data.illustCount; i++) {
      const work = this.data.deriveWork(i);
      for (const tag of work.tags) {
        let list = postings.get(tag.name);
        if (!list) postings.set(tag.name, (list = []));
        list.push(i);
      }
      text[i] = `${work.title}\n${work.caption}`.toLowerCase();
    }
    this.postingsCache = new Map([...postings].map(([k, v]) => [k, Uint32Array.from(v)]));
    this.textCache = text;
  }

  /** Work indexes carrying the tag, ascending. */
  withTag(name: string): Uint32Array {
    if (!this.postingsCache) this.build();
    return this.postingsCache!.get(name) ?? new Uint32Array(0);
  }

  /** Lower-cased title and caption of a work. */
  text(index: number): string {
    if (!this.textCache) this.build();
    return this.textCache![index]!;
  }

  /** Tags whose name or any translation matches `word` by the given rule. */
  matchingTags(word: string, exact: boolean, translated: boolean): TagWord[] {
    const w = word.toLowerCase();
    const names = (t: TagWord) =>
      translated ? [t.name, t.en, t.zh, t.zh_tw, t.ko].filter((n): n is string => !!n) : [t.name];
    return ALL_TAGS.filter((t) =>
      names(t).some((n) => (exact ? n.toLowerCase() === w : n.toLowerCase().includes(w))),
    );
  }
}
