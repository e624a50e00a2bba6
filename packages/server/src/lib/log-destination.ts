/**
 * Where the server's log lines go (standard output by default): gathered into batches of several
 * kilobytes and handed to pino's SonicBoom one batch at a time, so that a log line costs an array
 * push instead of a write(2), and what waits is written within a second and at exit.
 *
 * SonicBoom buffers too (its `minLength`), but it appends each line to one growing string and
 * asks that string's byte length on every write, which flattens it: a copy of up to 16 KB per line,
 * about 5 µs a line here, a tenth of a cache hit's time at `info`. Here the lines stay an array
 * until the batch is written, and SonicBoom (sync: false) does the writing: partial writes,
 * EAGAIN, a write still in flight, and the synchronous flush at exit.
 */
import { pino } from 'pino';

/**
 * Characters gathered before a batch is written. Each write goes through libuv's thread pool and
 * back (a wake-up of a worker thread and of the event loop): at 8 KB, one write every 20 or so
 * cache hits. The server bench's `log_info_over_warn` was 0.82–0.87 at 8 KB and 0.81–1.06 over
 * four runs at 64 KB (this machine's noise is of that size), and the hit's p99 went from about
 * 2.2× the bare server's to about 1.5×. A line still waits at most LOG_FLUSH_MS.
 */
export const LOG_BATCH_CHARS = 64 * 1024;
/** A line waits at most this long on an idle server. */
export const LOG_FLUSH_MS = 1000;

/** The part of SonicBoom the batches use (the tests give a fake one). */
export interface LogSink {
  write(data: string): boolean;
  flushSync(): void;
}

export class BatchedLogDestination {
  private lines: string[] = [];
  private chars = 0;
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
    private readonly batchChars = LOG_BATCH_CHARS,
    flushMs = LOG_FLUSH_MS,
  ) {
    this.timer = setInterval(() => this.flush(), flushMs).unref();
    // after pino's own exit flush of the sink, which ran first: what is gathered here, then the sink
    process.on('exit', this.onExit);
  }

  /** pino calls this with one line (its newline included). */
  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.flush();
    return true;
  }

  /** Hands what is gathered to the sink, which writes it as the event loop gets to it. */
  flush(): void {
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.sink.write(batch);
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
  return new BatchedLogDestination(pino.destination({ dest: 1, sync: false, minLength: 0 }));
}
