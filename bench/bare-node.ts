/**
 * A bare `node:http` server (no framework, no hooks, no logging) that answers every request with
 * one file's bytes: what the runtime itself does on this machine, the ceiling any Node server
 * works under. Used by the server bench (its `bare_node_json` contender) and the load bench's
 * floor.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const SCRIPT = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
`;

/** Starts the server on `port`, answering with the bytes of `file`; kill the child to stop it. */
export function startBareNode(file: string, port: number): ChildProcess {
  return spawn(process.execPath, ['-e', SCRIPT, file, String(port)], { stdio: 'ignore' });
}
