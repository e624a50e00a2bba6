/**
 * Where the server's log lines go (standard output by default): gathered into batches of several
 * kilobytes and handed to pino's SonicBoom one batch at a time, so that a log line costs a copy into
 * a buffer instead of a write(2), and what waits is written within a second and at exit.
 *
 * Each line is written as UTF-8 into the batch's buffer as it comes (one pass over its
 * characters), and SonicBoom (sync: false, its buffer mode) writes that buffer as it is: partial
 * writes, EAGAIN, a write still in flight, and the synchronous flush at exit. SonicBoom's own
 * buffering (its `minLength`) appends each line to one growing string and asks that string's byte
 * length on every write, which flattens it: a copy of up to 16 KB per line, about 5 µs a line
 * here. Until stop 60 the lines stayed strings, joined into one a batch and handed to SonicBoom's
 * string mode: the join flattened each line, SonicBoom measured the batch's byte length, `fs.write`
 * encoded it, and SonicBoom encoded it once more after the write to count what was written. A
 * cache hit's answer at `info`, in a loop without the socket (its line included, the event loop
 * turning every 500 answers): 2.17–2.78 µs that way, 1.90–2.06 this way, 0.93–1.0 at `warn`; in the
 * server bench, where a hit takes about 20 µs, the difference is within the machine's noise.
 */
import { pino } from 'pino';

/**
 * Bytes gathered before a batch is written. Each write goes through libuv's thread pool and
 * back (a wake-up of a worker thread and of the event loop): at 8 KB, one write every 20 or so
 * cache hits. The server bench's `log_info_over_warn` was 0.82–0.87 at 8 KB and 0.81–1.06 over
 * four runs at 64 KB (this machine's noise is of that size), and the hit's p99 went from about
 * 2.2× the bare server's to about 1.5×. A line still waits at most LOG_FLUSH_MS.
 */
export const LOG_BATCH_BYTES = 64 * 1024;
/** A line waits at most this long on an idle server. */
export const LOG_FLUSH_MS = 1000;

/** The part of SonicBoom (in its buffer mode) the batches use (the tests give a fake one). */
export interface LogSink {
  /** Takes the buffer: the batches never touch a buffer again once written. */
  write(data: Buffer): boolean;
  flushSync(): void;
}

export class BatchedLogDestination {
  /** The batch being gathered: its first `used` bytes. */
  private batch: Buffer;
  private used = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly onExit = () => {
    try {
      this.flushSync();
    } catch {
      // a destroyed or broken output: nothing left to write to
    }
  };

  constructor(
    private readonly sink: LogSink,
    private readonly batchBytes = LOG_BATCH_BYTES,
    flushMs = LOG_FLUSH_MS,
  ) {
    this.batch = Buffer.allocUnsafe(batchBytes);
    this.timer = setInterval(() => this.flush(), flushMs).unref();
    // after pino's own exit flush of the sink, which ran first: what is gathered here, then the sink
    process.on('exit', this.onExit);
  }

  /** pino calls this with one line (its newline included). */
  write(line: string): boolean {
    // at most three UTF-8 bytes for each UTF-16 unit: a line that may not fit goes in the next batch
    if (this.used + 3 * line.length > this.batchBytes) {
      this.flush();
      // longer than a whole batch: written on its own, still in order
      if (3 * line.length > this.batchBytes) {
        this.sink.write(Buffer.from(line, 'utf8'));
        return true;
      }
    }
    this.used += this.batch.write(line, this.used, 'utf8');
    return true;
  }

  /** Hands what is gathered to the sink, which writes it as the event loop gets to it. */
  flush(): void {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    // the sink keeps the written buffer until its write is done: the next batch gets a new one
    this.batch = Buffer.allocUnsafe(this.batchBytes);
    this.used = 0;
    this.sink.write(full);
  }

  /** Writes everything now (at exit: no event loop left to wait for). */
  flushSync(): void {
    this.flush();
    this.sink.flushSync();
  }

  /** Stops the timer and the exit hook, after writing what waits. */
  close(): void {
    clearInterval(this.timer);
    process.off('exit', this.onExit);
    this.flushSync();
  }
}

/** Standard output, batched (the server's default log destination). */
export function stdoutLogDestination(): BatchedLogDestination {
  const sonic = pino.destination({ dest: 1, sync: false, minLength: 0, contentMode: 'buffer' });
  // in its buffer mode SonicBoom writes Buffers, though its types name only strings
  return new BatchedLogDestination(sonic as unknown as LogSink);
}
