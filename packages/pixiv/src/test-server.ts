/** A real HTTP server on loopback that records requests and answers from a script (tests only). */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Never answer (for timeouts). */
  hang?: boolean;
}

export interface TestServer {
  base: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startTestServer(
  answer: (req: Recorded, n: number) => Answer,
): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const rec = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(rec);
      const a = answer(rec, requests.length);
      if (a.hang) return;
      if (a.text !== undefined) {
        res.writeHead(a.status ?? 200, { 'content-type': 'text/html' }).end(a.text);
      } else {
        res
          .writeHead(a.status ?? 200, { 'content-type': 'application/json' })
          .end(JSON.stringify(a.json ?? {}));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function tokenJson(accessToken: string, expiresIn = 3600) {
  const fields = {
    access_token: accessToken,
    expires_in: expiresIn,
    token_type: 'bearer',
    scope: '',
    refresh_token: 'r'.repeat(43),
    user: { id: '123', name: 'n', account: 'a' },
  };
  return { ...fields, response: fields };
}
