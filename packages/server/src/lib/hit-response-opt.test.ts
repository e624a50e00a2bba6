/**
 * HitResponse (fast-hits.ts) is made for every answer the server gives, so V8 must be able to
 * optimise its constructor. Run under tsx (as `npm start` runs the server), a subclass of
 * `ServerResponse` with no instance field of its own did not get there: tsx keeps class names
 * (esbuild's `keepNames` defines `name` on the class), and V8's omitted default constructor then
 * gave up every optimisation of it and of node's `parserOnIncoming` ("dependency change") and
 * started again at once: hundreds of compiles a second on the compiler threads and the answers
 * left unoptimised, about 5 µs more a response (the image proxy at 0.73× its rate, `/api/config`
 * at 0.86×), until the fast path's first answer gave an instance a `headerLines` of its own (a
 * server whose calls are all pages and pictures stayed so). The field `headerLines = undefined`
 * avoids it from the first answer on. This test serves a few thousand answers through
 * HitResponse in a child node with tsx and `--trace-opt` and fails when V8 does not optimise it.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** The child: a server with HitResponse and keep-alive clients asking it `ANSWERS` times. */
const CHILD = `
import { createServer, request, Agent } from 'node:http';
import { HitResponse } from ${JSON.stringify(join(here, 'fast-hits.ts'))};
const body = Buffer.alloc(2000, 120);
const server = createServer({ ServerResponse: HitResponse }, (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const { port } = server.address();
  let left = Number(process.env.ANSWERS);
  const one = () => new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', agent }, (res) => { res.resume(); res.on('end', resolve); })
      .on('error', reject).end();
  });
  await Promise.all(Array.from({ length: 8 }, async () => { while (left-- > 0) await one(); }));
  agent.destroy();
  server.close();
});
`;

describe('HitResponse under V8', () => {
  it('is optimised once, not aborted and compiled again for every few answers', async () => {
    const child = spawn(
      process.execPath,
      ['--trace-opt', '--import', 'tsx', '--input-type=module', '-e', CHILD],
      { env: { ...process.env, ANSWERS: '20000' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    const lines = out.split('\n');
    // V8 did optimise it (the check would pass on a child that never got hot)
    expect(
      lines.some((l) => /completed (compiling|optimizing) .*JSFunction HitResponse /.test(l)),
    ).toBe(true);
    const aborted = lines.filter((l) => /aborted optimizing .*JSFunction HitResponse /.test(l));
    // one abort can happen while the program warms up; the fault was hundreds
    expect(aborted.length).toBeLessThan(5);
  }, 60_000);
});
