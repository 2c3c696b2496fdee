/**
 * A plain TCP relay on a port known before the product listens. Gateways and the operator send the
 * visitor back to `PUBLIC_URL`, which must reach the product, whose own port is only known once it
 * listens: the relay stands in front of it, and the browser uses the relay's address throughout.
 */
import net from 'node:net';

export interface FrontDoor {
  /** `http://127.0.0.1:{port}`: PUBLIC_URL of the product behind it. */
  origin: string;
  /** Where connections go from now on. */
  forwardTo(port: number): void;
  close(): Promise<void>;
}

export async function openFrontDoor(): Promise<FrontDoor> {
  let targetPort = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const relay = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    forwardTo: (port) => {
      targetPort = port;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => relay.close(() => resolve()));
    },
  };
}
