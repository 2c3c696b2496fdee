/**
 * A lean HTTP/1.1 load generator: keep-alive connections, each sending its request again as soon as
 * the previous answer has arrived, reading only the framing of the answers (status, Content-Length
 * or chunked), never decoding a body. autocannon appends every body to a string (decoding the bytes
 * as UTF-8), which costs it a core at ~6,000 answers of 10 KB per second: on a 2-core machine the
 * load generator, not the server, was what a page benchmark measured
 * (docs/decisions/0006-speed-targets.md).
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

function buildRequest(url: URL, options: LoadOptions): Buffer {
  const lines = [`${options.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`${name}: ${value}`);
  const body = options.body === undefined ? EMPTY : Buffer.from(options.body, 'utf8');
  if (options.body !== undefined) lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const request = buildRequest(url, options);
  const port = Number(url.port || 80);
  const timeoutMs = options.timeoutMs ?? 10_000;
  let latencies = new Float64Array(65_536);
  let count = 0;
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let running = true;
  const sockets = new Set<net.Socket>();

  const record = (milliseconds: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count] = milliseconds;
    count += 1;
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
      sentAt = performance.now();
      waiting = true;
      socket.write(request);
    };
    const complete = () => {
      waiting = false;
      record(performance.now() - sentAt);
      if (status < 200 || status >= 300) non2xx += 1;
      state = State.Head;
      if (running) send();
    };
    let connected = false;
    /** The connection is lost or refused: count it, replace it (after a pause if it never connected). */
    const fail = () => {
      if (!sockets.delete(socket)) return;
      if (waiting || !connected) errors += 1;
      waiting = false;
      socket.destroy();
      if (running) {
        if (connected) open();
        else setTimeout(() => running && open(), 50);
      }
    };

    socket.setTimeout(timeoutMs, fail);
    socket.on('error', fail);
    socket.on('close', fail);
    socket.on('connect', () => {
      connected = true;
      send();
    });
    socket.on('data', (data: Buffer) => {
      bytes += data.length;
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

  const started = performance.now();
  for (let index = 0; index < options.connections; index += 1) open();
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  running = false;
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  const sorted = latencies.slice(0, count).sort();
  return {
    requests: count,
    rps: count / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    non2xx,
    errors,
    bytes,
  };
}
