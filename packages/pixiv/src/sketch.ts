/**
 * The pixiv Sketch client (pixiv-upstream.md §4.1): lives JSON with the headers sketch expects,
 * the live websocket URL, and HLS paths. Only fixed path shapes on the configured host are used.
 */
import { HTTP_TIMEOUT_MS, type UpstreamHosts } from '@pv/core';
import { PixivError, fetchFailure } from './errors.ts';
import { WEB_USER_AGENT } from './web.ts';

export interface SketchResult<T = unknown> {
  status: number;
  body: T;
}

export interface SketchClient {
  /** `/api/lives/{id}.json`. */
  live<T>(id: string): Promise<SketchResult<T>>;
  /** `/api/lives/{id}/logs.json`. */
  logs<T>(id: string): Promise<SketchResult<T>>;
  /** The websocket URL of a live's events. */
  socketUrl(id: string): string;
  /** The upstream URL of an HLS file, or null when the path is not one. */
  hlsUrl(path: string): string | null;
}

/** Live ids are digits. */
export function isLiveId(id: string): boolean {
  return /^\d{1,20}$/.test(id);
}

/** `/hls/{live}/{user}/index.m3u8` or `.../seg{n}.ts`. */
export const HLS_PATH = /^\/hls\/\d{1,20}\/\d{1,12}\/(?:index\.m3u8|seg\d{1,9}\.ts)$/;

export function createSketchClient(options: {
  hosts: Pick<UpstreamHosts, 'sketch'>;
  timeoutMs?: number;
}): SketchClient {
  const base = options.hosts.sketch.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  async function getJson<T>(path: string): Promise<SketchResult<T>> {
    const url = `${base}${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        headers: {
          'User-Agent': WEB_USER_AGENT,
          Accept: 'application/vnd.sketch-v1+json',
          'X-Requested-With': 'https://sketch.pixiv.net/lives',
          Referer: 'https://sketch.pixiv.net/lives',
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      throw fetchFailure(error, url);
    }
    try {
      return { status: res.status, body: JSON.parse(text) as T };
    } catch (error) {
      throw new PixivError('bad_response', `sketch answered ${res.status} without JSON`, {
        status: res.status,
        cause: error,
      });
    }
  }

  const checked = (id: string) => {
    if (!isLiveId(id)) throw new PixivError('forbidden_url', 'bad live id');
    return id;
  };

  return {
    live: (id) => getJson(`/api/lives/${checked(id)}.json`),
    logs: (id) => getJson(`/api/lives/${checked(id)}/logs.json`),
    socketUrl: (id) => `${base.replace(/^http/, 'ws')}/ws/lives?live_id=${checked(id)}`,
    hlsUrl: (path) => (HLS_PATH.test(path) ? `${base}${path}` : null),
  };
}
