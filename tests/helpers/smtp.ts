/**
 * A real SMTP server of a test's own (npm smtp-server) on a fixed local port, that can be stopped,
 * started again on the same port, or replaced by one that accepts connections and never answers.
 * It keeps what it received: envelope recipients, the Message-ID and the raw message.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort } from './private-servers.ts';

export interface CapturedMail {
  to: string[];
  messageId: string | null;
  raw: string;
}

export interface SmtpCapture {
  port: number;
  url: string;
  received: CapturedMail[];
  /** Each message is answered after this many ms (a slow server, for a backlog). */
  delayMs: number;
  start(): Promise<void>;
  /** Listens on the port, accepts connections and never says a word. */
  startSilent(): Promise<void>;
  /** Stops listening and drops every open connection. */
  stop(): Promise<void>;
}

export async function createSmtpCapture(): Promise<SmtpCapture> {
  const port = await freePort();
  let smtp: SMTPServer | null = null;
  let silent: net.Server | null = null;
  const sockets = new Set<net.Socket>();

  const capture: SmtpCapture = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    delayMs: 0,
    async start() {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            capture.received.push({
              to: session.envelope.rcptTo.map((address) => address.address),
              messageId: /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? null,
              raw,
            });
            setTimeout(() => callback(), capture.delayMs);
          });
        },
      });
      smtp.server.on('connection', (socket: net.Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        smtp!.once('error', reject);
        smtp!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async startSilent() {
      silent = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        silent!.once('error', reject);
        silent!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const servers: { close(callback: () => void): void }[] = [];
      if (smtp) servers.push(smtp);
      if (silent) servers.push(silent);
      smtp = null;
      silent = null;
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
  return capture;
}

/** The messages received for `address`. */
export function mailTo(capture: SmtpCapture, address: string): CapturedMail[] {
  return capture.received.filter((mail) => mail.to.includes(address));
}
