/**
 * A lean HTTP/1.1 load generator: keep-alive connections, each sending its request again as soon as
 * the previous answer has arrived, reading only the framing of the answers (status, Content-Length
 * or chunked), never decoding a body. autocannon appends every body to a string (decoding the bytes
 * as UTF-8), which costs it a core at ~6,000 answers of 10 KB per second: on a 2-core machine the
 * load generator, not the server, was what a page benchmark measured
 * (docs/decisions/0006-speed-targets.md). `runLoad` sends the same request for a time; `runRequests`
 * sends a list of different ones (a scenario: bench/exams) until all are answered.
 */
import net from 'node:net';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  method?: string;
  headers?: Record<string, string>;
  /** Sent with every request (Content-Length added). */
  body?: string;
  /** An answer slower than this counts as an error and its connection is replaced. */
  timeoutMs?: number;
  /**
   * Requests sent in turn instead of the one above (different users, devices, addresses); each
   * adds its headers and body to the shared method and headers.
   */
  variants?: RequestSpec[];
}

export interface LoadResult {
  /** Answers completed within the run. */
  requests: number;
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors, closed connections with an answer pending, and timeouts. */
  errors: number;
  /** Bytes received (head and body, as sent). */
  bytes: number;
}

const enum State {
  Head,
  Body,
  ChunkSize,
  ChunkData,
  Trailer,
}

const EMPTY: Buffer = Buffer.alloc(0);

/** The parts of a response head the framing needs. */
export function parseHead(head: string): { status: number; length: number | null; chunked: boolean } {
  const status = Number(head.slice(9, 12));
  const lengthMatch = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  const chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(head);
  return { status, length: lengthMatch ? Number(lengthMatch[1]) : null, chunked };
}

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export interface RequestSpec {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is (Content-Length added). */
  body?: string;
}

/** The bytes of one HTTP/1.1 request to `url` (keep-alive, the host header first). */
export function buildRequest(url: URL, spec: RequestSpec): Buffer {
  const lines = [`${spec.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(spec.headers ?? {})) lines.push(`${name}: ${value}`);
  const body = spec.body === undefined ? EMPTY : Buffer.from(spec.body, 'utf8');
  if (spec.body !== undefined) lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

interface Tally {
  latencies: Float64Array;
  count: number;
  non2xx: number;
  errors: number;
  bytes: number;
}

interface Drive {
  url: URL;
  connections: number;
  timeoutMs: number;
  /** The next request to send on a free connection; null: none now, that connection closes. */
  next(): Buffer | null;
  /** Whether a lost connection should be replaced (more requests to send). */
  more(): boolean;
  /** Every connection has closed (the requests ran out). */
  onIdle(): void;
}

/**
 * Keep-alive connections, each sending `next()` as soon as its previous answer has arrived and
 * reading only the framing of the answers. `close()` drops every connection at once.
 */
function drive(options: Drive): { tally: Tally; close(): void } {
  const { url } = options;
  const port = Number(url.port || 80);
  const tally: Tally = { latencies: new Float64Array(65_536), count: 0, non2xx: 0, errors: 0, bytes: 0 };
  const sockets = new Set<net.Socket>();
  let closed = false;
  /** Refused connections waiting to be tried again. */
  let reopening = 0;

  const record = (milliseconds: number) => {
    if (tally.count === tally.latencies.length) {
      const grown = new Float64Array(tally.latencies.length * 2);
      grown.set(tally.latencies);
      tally.latencies = grown;
    }
    tally.latencies[tally.count] = milliseconds;
    tally.count += 1;
  };
  const release = (socket: net.Socket) => {
    if (!sockets.delete(socket)) return;
    socket.destroy();
    if (sockets.size === 0 && reopening === 0 && !closed) options.onIdle();
  };

  const open = () => {
    const socket = net.connect({ host: url.hostname, port, noDelay: true });
    sockets.add(socket);
    let state = State.Head;
    let carry: Buffer = EMPTY;
    let remaining = 0;
    let status = 0;
    let sentAt = 0;
    let waiting = false;

    const send = () => {
      const request = closed ? null : options.next();
      if (request === null) return release(socket);
      sentAt = performance.now();
      waiting = true;
      socket.write(request);
    };
    const complete = () => {
      waiting = false;
      record(performance.now() - sentAt);
      if (status < 200 || status >= 300) tally.non2xx += 1;
      state = State.Head;
      send();
    };
    let connected = false;
    /** The connection is lost or refused: count it, replace it (after a pause if it never connected). */
    const fail = () => {
      if (!sockets.has(socket)) return;
      // A refused connection loses the request it would have sent (a list of requests then ends).
      if (waiting || (!connected && options.next() !== null)) tally.errors += 1;
      waiting = false;
      const replace = !closed && options.more();
      if (replace) {
        if (connected) open();
        else {
          reopening += 1;
          setTimeout(() => {
            reopening -= 1;
            if (!closed) open();
          }, 50);
        }
      }
      release(socket);
    };

    socket.setTimeout(options.timeoutMs, fail);
    socket.on('error', fail);
    socket.on('close', fail);
    socket.on('connect', () => {
      connected = true;
      send();
    });
    socket.on('data', (data: Buffer) => {
      tally.bytes += data.length;
      const buffer = carry.length > 0 ? Buffer.concat([carry, data]) : data;
      carry = EMPTY;
      let at = 0;
      while (at < buffer.length) {
        if (state === State.Head) {
          const end = buffer.indexOf('\r\n\r\n', at, 'latin1');
          if (end < 0) {
            carry = buffer.subarray(at);
            return;
          }
          const head = parseHead(buffer.toString('latin1', at, end));
          at = end + 4;
          status = head.status;
          if (status >= 100 && status < 200) continue;
          if (head.chunked) state = State.ChunkSize;
          else if (head.length !== null && head.length > 0) {
            remaining = head.length;
            state = State.Body;
          } else if (head.length === 0 || status === 204 || status === 304) complete();
          else return fail(); // no framing: the body would end with the connection
        } else if (state === State.Body || state === State.ChunkData) {
          const take = Math.min(remaining, buffer.length - at);
          remaining -= take;
          at += take;
          if (remaining > 0) continue;
          if (state === State.Body) complete();
          else state = State.ChunkSize;
        } else {
          const end = buffer.indexOf('\r\n', at, 'latin1');
          if (end < 0) {
            carry = buffer.subarray(at);
            return;
          }
          const line = buffer.toString('latin1', at, end);
          at = end + 2;
          if (state === State.Trailer) {
            if (line === '') complete();
          } else {
            const size = Number.parseInt(line.split(';')[0]!, 16);
            if (!Number.isFinite(size)) return fail();
            if (size === 0) state = State.Trailer;
            else {
              remaining = size + 2; // the chunk and its CRLF
              state = State.ChunkData;
            }
          }
        }
      }
    });
  };

  for (let index = 0; index < options.connections; index += 1) open();
  return {
    tally,
    close() {
      closed = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}

function summarize(tally: Tally, seconds: number): LoadResult {
  const sorted = tally.latencies.slice(0, tally.count).sort();
  return {
    requests: tally.count,
    rps: tally.count / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    non2xx: tally.non2xx,
    errors: tally.errors,
    bytes: tally.bytes,
  };
}

/** The same request (or its variants in turn) again and again on every connection for `seconds`. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const requests = options.variants?.length
    ? options.variants.map((variant) =>
        buildRequest(url, { ...options, ...variant, headers: { ...options.headers, ...variant.headers } }),
      )
    : [buildRequest(url, options)];
  let sent = 0;
  let running = true;
  const started = performance.now();
  const driven = drive({
    url,
    connections: options.connections,
    timeoutMs: options.timeoutMs ?? 10_000,
    next: () => (running ? requests[sent++ % requests.length]! : null),
    more: () => running,
    onIdle: () => {},
  });
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  running = false;
  const seconds = (performance.now() - started) / 1000;
  driven.close();
  return summarize(driven.tally, seconds);
}

export interface ListOptions {
  /** The server's origin (`http://127.0.0.1:port`); each request's bytes name their own path. */
  origin: string;
  connections: number;
  /** Sent in this order, each on the first free connection; a request whose answer is lost is not sent again. */
  requests: Buffer[];
  timeoutMs?: number;
}

/** Sends a list of different requests over keep-alive connections; resolves once all are answered (or lost). */
export async function runRequests(options: ListOptions): Promise<LoadResult & { seconds: number }> {
  const url = new URL(options.origin);
  let index = 0;
  const started = performance.now();
  if (options.requests.length === 0) return { ...summarize(emptyTally(), 1), rps: 0, seconds: 0 };
  let driven: ReturnType<typeof drive> | undefined;
  await new Promise<void>((resolve) => {
    driven = drive({
      url,
      connections: Math.min(options.connections, options.requests.length),
      timeoutMs: options.timeoutMs ?? 30_000,
      next: () => (index < options.requests.length ? options.requests[index++]! : null),
      more: () => index < options.requests.length,
      onIdle: resolve,
    });
  });
  const seconds = (performance.now() - started) / 1000;
  driven!.close();
  return { ...summarize(driven!.tally, seconds), seconds };
}

function emptyTally(): Tally {
  return { latencies: new Float64Array(0), count: 0, non2xx: 0, errors: 0, bytes: 0 };
}
