/**
 * The build's hashed assets (`/assets/*`), read into memory once at start with the `.br` and `.gz`
 * forms the build writes beside each text file (packages/web/vite.config.ts). A request costs one
 * map lookup and one write: no file system call, no stream (issue 20's load: about 2,000 answers a
 * second through @fastify/static's stat-and-stream, against the cache-hit API's 6,000+). The
 * files never change while the server runs (a new build is a new start), and their names carry
 * their content hash, so they go out with a year of `immutable`.
 */
import { addMemoryPart } from '../lib/stats.ts';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding, type Encoding } from '../lib/compress.ts';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Precompressed forms the build writes, by their file suffix. */
const SUFFIXES: Record<string, Encoding> = { '.br': 'br', '.gz': 'gzip' };

interface Asset {
  type: string;
  etag: string;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** The bytes of every form of every asset. */
function assetBytes(assets: Map<string, Asset>): number {
  let bytes = 0;
  for (const asset of assets.values()) {
    bytes +=
      asset.body.length + (asset.encoded.br?.length ?? 0) + (asset.encoded.gzip?.length ?? 0);
  }
  return bytes;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** The assets under `dir`, by their URL path below `/assets/`. */
export function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let files: string[];
  try {
    if (!statSync(dir).isDirectory()) return assets;
    files = filesUnder(dir);
  } catch {
    return assets;
  }
  const names = new Set(files);
  for (const file of files) {
    const suffix = extname(file);
    // a `.br`/`.gz` beside its original is one of that file's forms, not an asset of its own
    if (SUFFIXES[suffix] && names.has(file.slice(0, -suffix.length))) continue;
    const body = readFileSync(file);
    const encoded: Asset['encoded'] = {};
    for (const [ext, encoding] of Object.entries(SUFFIXES)) {
      if (names.has(file + ext)) encoded[encoding] = readFileSync(file + ext);
    }
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    assets.set(relative(dir, file).split(sep).join('/'), {
      type: TYPES[suffix.toLowerCase()] ?? 'application/octet-stream',
      etag: hash,
      body,
      encoded,
    });
  }
  return assets;
}

function send(req: FastifyRequest, reply: FastifyReply, asset: Asset) {
  const variants = Object.keys(asset.encoded).length > 0;
  const encoding = variants ? pickEncoding(req.headers['accept-encoding']) : undefined;
  const body = (encoding && asset.encoded[encoding]) || asset.body;
  const used = body === asset.body ? undefined : encoding;
  // each form its own validator, as the bytes differ
  const etag = `"${asset.etag}${used ? `-${used}` : ''}"`;
  reply
    .header('content-type', asset.type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (variants) reply.header('vary', 'accept-encoding');
  const match = req.headers['if-none-match'];
  if (match && match.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`))
    return reply.code(304).send();
  if (used) reply.header('content-encoding', used);
  return reply.header('content-length', body.length).send(body);
}

/**
 * `/assets/*` from memory. A path the build did not make goes to the not-found handler (the API's
 * JSON 404), as before.
 */
export async function assetRoutes(app: FastifyInstance, options: { dir: string }): Promise<void> {
  const assets = loadAssets(options.dir);
  addMemoryPart(app, 'assets', () => ({ entries: assets.size, bytes: assetBytes(assets) }));
  app.get('/assets/*', (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    const asset = assets.get(path);
    if (!asset) return reply.callNotFound();
    return send(req, reply, asset);
  });
}
