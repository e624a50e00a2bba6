import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SERVER_CONFIG_ID,
  SERVER_CONFIG_KEY,
  readPageConfig,
  seedServerConfig,
  startServerConfig,
  type ServerConfig,
} from './config.ts';

const CONFIG: ServerConfig = {
  upstream: 'sandbox',
  imageProxy: null,
  imageProxies: [],
  selfHosted: false,
  mirrors: [],
  demoAccounts: [],
};

function page(block: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (block !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_CONFIG_ID;
    script.textContent = block;
    doc.head.append(script);
  }
  return doc;
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's config block (the server's /api/config in every page)", () => {
  it('is read as the config', () => {
    expect(readPageConfig(page(JSON.stringify(CONFIG)))).toEqual(CONFIG);
  });

  it('is nothing when missing, broken or not a config', () => {
    for (const block of [null, '', '{', 'null', '[]', '{"selfHosted":"no","upstream":"pixiv"}']) {
      expect(readPageConfig(page(block)), String(block)).toBeNull();
    }
    expect(readPageConfig(page('{"selfHosted":true,"upstream":"elsewhere"}'))).toBeNull();
  });

  it("is the query's answer before any call, which still goes out and wins when it answers", async () => {
    const answer = { ...CONFIG, selfHosted: true };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = vi.fn(async () => {
      await held;
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const started = startServerConfig(client, readPageConfig(page(JSON.stringify(CONFIG))));
    expect(client.getQueryData([SERVER_CONFIG_KEY])).toEqual(CONFIG);
    expect(fetch).toHaveBeenCalledWith('/api/config');
    release();
    await started;
    expect(client.getQueryData([SERVER_CONFIG_KEY])).toEqual(answer);
  });

  it("keeps the block's config when the server answers with an error", async () => {
    const fetch = vi.fn(async () => new Response('busy', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    await startServerConfig(client, CONFIG);
    expect(fetch).toHaveBeenCalled();
    expect(client.getQueryData([SERVER_CONFIG_KEY])).toEqual(CONFIG);
  });

  it('asks nothing without a block (the first query asks) or on the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    await startServerConfig(client, null);
    expect(client.getQueryData([SERVER_CONFIG_KEY])).toBeUndefined();
    seedServerConfig(client, CONFIG);
    expect(client.getQueryData([SERVER_CONFIG_KEY])).toEqual(CONFIG);
    expect(fetch).not.toHaveBeenCalled();
  });
});
