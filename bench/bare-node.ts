/**
 * A bare `node:http` server (no framework, no hooks, no logging) that answers every request with
 * one file's bytes: what the runtime itself does on this machine, the ceiling any Node server
 * works under. Used by the server bench (its `bare_node_json` contender, and with a hit's own head
 * its `bare_node_same_head`) and the load bench's floor.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const SCRIPT = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
const head = process.argv[3]
  ? [...JSON.parse(process.argv[3]), 'content-length', body.length]
  : { 'content-type': 'application/json', 'content-length': body.length };
http
  .createServer((req, res) => {
    res.writeHead(200, head);
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
`;

/**
 * Starts the server on `port`, answering with the bytes of `file`; kill the child to stop it.
 * `head` (name, value, name, value, …; without Content-Length, Date and the connection's, which
 * node writes): the headers of each answer, the same every time; without it, a content type alone.
 */
export function startBareNode(file: string, port: number, head?: string[]): ChildProcess {
  const args = ['-e', SCRIPT, file, String(port), ...(head ? [JSON.stringify(head)] : [])];
  return spawn(process.execPath, args, { stdio: 'ignore' });
}
