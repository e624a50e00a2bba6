/**
 * The server's route table, as Fastify registers it: every method and URL pattern. The fuzz and
 * SSRF suites read it, so a new route is attacked without anyone remembering to add it.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** Fastify's pattern: `/api/spotlight/:id`, `/i/*`. */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (HEAD twins of GET routes included). */
    routeTable: RouteEntry[];
  }
}

/** Call before any route is registered. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });
}
