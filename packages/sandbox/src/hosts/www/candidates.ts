/**
 * `GET /rpc/cps.php?keyword=&lang=` on www.pixiv.net: the search box's tag candidates, bare
 * `{candidates: [{tag_name, access_count, tag_translation, type}]}` with no envelope (a live
 * probe; pixiv.ts' PixivCandidates). A tag matches when its name starts with the keyword
 * (`prefix`), else its romaji (`romaji`), else its translation in `lang` (or the request's
 * language; `tag_translation`). `access_count` is a string; here the number of works carrying
 * the tag, most first, at most ten; `tag_translation` is null where the tag has none.
 */
import type { FastifyInstance } from 'fastify';
import { translateTag } from '../../data/app-json.ts';
import { ALL_TAGS } from '../../data/indexes.ts';
import { tagRomaji } from '../../data/tag-romaji.ts';
import type { SandboxState } from '../../state.ts';
import { firstLanguage } from '../app-api/common.ts';

export const CANDIDATES_MAX = 10;

type Kind = 'prefix' | 'romaji' | 'tag_translation';

export function registerCandidates(app: FastifyInstance, state: SandboxState): void {
  app.get('/rpc/cps.php', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const word = (q.keyword ?? '').trim().toLowerCase();
    const language = q.lang || firstLanguage(req.headers['accept-language']);
    if (!word) return { candidates: [] };
    const found: { name: string; count: number; translation: string | null; type: Kind }[] = [];
    for (const tag of ALL_TAGS) {
      const translation = translateTag(tag, language);
      const romaji = tagRomaji(tag.name);
      let type: Kind | null = null;
      if (tag.name.toLowerCase().startsWith(word)) type = 'prefix';
      else if (romaji?.toLowerCase().startsWith(word)) type = 'romaji';
      else if (translation?.toLowerCase().startsWith(word)) type = 'tag_translation';
      if (type) {
        const count = state.indexes.withTag(tag.name).length;
        found.push({ name: tag.name, count, translation, type });
      }
    }
    found.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    return {
      candidates: found.slice(0, CANDIDATES_MAX).map((c) => ({
        tag_name: c.name,
        access_count: String(c.count),
        tag_translation: c.translation,
        type: c.type,
      })),
    };
  });
}
