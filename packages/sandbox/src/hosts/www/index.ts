/**
 * www.pixiv.net: the session and top pages, the work pages, ranking.php, the search box's
 * candidates, the ajax routes (works, novels, discovery, users, comments, ugoira, the pixivision
 * showcase) and the form posts; README "What it serves".
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../../state.ts';
import { registerAjax } from './ajax.ts';
import { registerWebRanking } from './ranking.ts';
import { registerWebSession } from './session.ts';
import { registerWebIllusts } from './illusts.ts';
import { registerWebUsers } from './users.ts';
import { registerWebActions } from './actions.ts';
import { registerShowcase } from './showcase.ts';
import { registerWebNovels } from './novels.ts';
import { registerWebUserProfile } from './user-profile.ts';
import { registerCandidates } from './candidates.ts';
import { registerArtworkPages } from './artworks.ts';

export function registerWww(app: FastifyInstance, state: SandboxState): void {
  registerWebSession(app, state);
  registerWebRanking(app, state);
  registerAjax(app, state);
  registerWebIllusts(app, state);
  registerWebUsers(app, state);
  registerWebActions(app, state);
  registerShowcase(app, state);
  registerWebNovels(app, state);
  registerWebUserProfile(app, state);
  registerCandidates(app, state);
  registerArtworkPages(app, state);
}
