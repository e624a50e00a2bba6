/**
 * Pictures the image proxy has passed on lately, kept in memory (least recently used go first,
 * bounded by bytes). A pximg file never changes under its URL, so the next plain request for one is
 * answered from here without asking upstream, and a picture still loads while every upstream
 * source is down. Only whole 200 answers are kept, recorded as they stream to the client; a body
 * cut short is not.
 */
import { Transform, type Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';

export interface KeptImage {
  type: string;
  body: Buffer;
  /** Upstream's validators, answered again with the kept copy. */
  etag?: string;
  lastModified?: string;
}

/** The default bound of the kept pictures: 64 MiB. */
export const IMAGE_KEEP_BYTES = 64 * 1024 * 1024;
/** Pictures larger than this (originals) are passed on but not kept. */
export const IMAGE_KEEP_MAX_ENTRY = 4 * 1024 * 1024;

export class ImageKeep {
  private readonly lru: LRUCache<string, KeptImage>;

  constructor(
    maxBytes = IMAGE_KEEP_BYTES,
    private readonly maxEntry = Math.min(IMAGE_KEEP_MAX_ENTRY, maxBytes),
  ) {
    this.lru = new LRUCache<string, KeptImage>({
      maxSize: maxBytes,
      sizeCalculation: (image, key) => image.body.length + key.length + 128,
    });
  }

  get(key: string): KeptImage | undefined {
    return this.lru.get(key);
  }

  get size(): number {
    return this.lru.size;
  }

  /** The bytes held (pictures, keys and some bookkeeping). */
  get bytes(): number {
    return this.lru.calculatedSize;
  }

  /**
   * `body`, passed through unchanged; once it has ended whole (all of `length` when upstream
   * named one), the picture is kept.
   */
  recording(
    key: string,
    headers: Pick<KeptImage, 'type' | 'etag' | 'lastModified'>,
    body: Readable,
    length: number | null,
  ): Readable {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const maxEntry = this.maxEntry;
    const lru = this.lru;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes <= maxEntry) chunks.push(chunk);
        done(null, chunk);
      },
      flush(done) {
        const whole = length === null || bytes === length;
        if (whole && bytes > 0 && bytes <= maxEntry)
          lru.set(key, { ...headers, body: Buffer.concat(chunks) });
        done();
      },
    });
    // an upstream error mid-way ends the client's answer unfinished, as without the tap
    body.on('error', (error) => tap.destroy(error));
    tap.on('close', () => body.destroy());
    return body.pipe(tap);
  }
}
