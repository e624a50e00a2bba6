/** www.pixiv.net: the web ranking (and, as they land, the ajax routes and form posts). */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../../state.ts';
import { registerAjax } from './ajax.ts';
import { registerWebRanking } from './ranking.ts';
import { registerWebSession } from './session.ts';
import { registerWebIllusts } from './illusts.ts';
import { registerWebUsers } from './users.ts';
import { registerWebActions } from './actions.ts';
import { registerShowcase } from './showcase.ts';

export function registerWww(app: FastifyInstance, state: SandboxState): void {
  registerWebSession(app, state);
  registerWebRanking(app, state);
  registerAjax(app, state);
  registerWebIllusts(app, state);
  registerWebUsers(app, state);
  registerWebActions(app, state);
  registerShowcase(app, state);
}
