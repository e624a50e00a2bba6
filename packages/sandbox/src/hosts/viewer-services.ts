/**
 * The viewer's own public services (spec 001 §7.2, §8; spec 000 §7 "Other"), which the real
 * deployment reaches on its API host and a static host:
 *
 * - `GET /api/pid-recover/{id}`: what archives kept of a deleted work, a list of
 *   `{createDate, sampleUrl, fileUrl, tags}` (one per page); `[]` for a work nobody archived;
 * - `GET /notice.json`: the public notices and effects (data/notices.ts);
 * - `GET /sensitive-words.json`: the sensitive-word list, a JSON array of strings.
 */
import type { FastifyInstance } from 'fastify';
import { deletedWorks } from '../data/deleted.ts';
import { SENSITIVE_WORDS, noticesFile } from '../data/notices.ts';
import { deletedPageUrls } from '../images/deleted-images.ts';
import type { SandboxState } from '../state.ts';

export function registerViewerServices(app: FastifyInstance, state: SandboxState): void {
  const deleted = new Map(deletedWorks(state.data).map((w) => [w.id, w]));

  app.get('/api/pid-recover/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!/^\d{1,12}$/.test(id)) return reply.code(400).send({ error: 'invalid id' });
    const work = deleted.get(Number(id));
    if (!work) return [];
    return Array.from({ length: work.pageCount }, (_, page) => {
      const urls = deletedPageUrls(work, page);
      return {
        createDate: new Date(work.created).toISOString(),
        sampleUrl: urls.sample,
        fileUrl: urls.file,
        tags: work.tags,
      };
    });
  });

  app.get('/notice.json', async (_req, reply) =>
    reply.header('cache-control', 'max-age=300').send(noticesFile(state.now)),
  );

  app.get('/sensitive-words.json', async (_req, reply) =>
    reply.header('cache-control', 'max-age=86400').send(SENSITIVE_WORDS),
  );
}
