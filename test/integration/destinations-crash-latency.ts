/**
 * A TCP relay on 127.0.0.1 that holds every chunk for a fixed delay each way: the destinations of
 * the crash test sit "a few milliseconds away", as a customer's database or webhook endpoint does,
 * instead of on loopback. TLS passes through untouched (the certificate still names localhost).
 * Every statement and call then costs a round trip whatever the speed of this machine, so a run
 * lasts long enough for random kills to land inside it — in handshakes, transactions, calls.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface LatencyRelay {
  port: number;
  close(): Promise<void>;
}

export async function startLatencyRelay(
  target: { host: string; port: number },
  delayMs: number,
): Promise<LatencyRelay> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    relay(client, upstream, delayMs);
    relay(upstream, client, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  return {
    port: address.port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

/**
 * Forwards `from` to `to` `delayMs` later. Timers of one delay fire in the order they were set, so
 * bytes keep their order and an end or a reset (a killed process's socket) follows the last bytes.
 */
function relay(from: Socket, to: Socket, delayMs: number): void {
  const later = (action: () => void): void => {
    setTimeout(action, delayMs);
  };
  from.on('data', (chunk: Buffer) => {
    later(() => {
      if (!to.destroyed) to.write(chunk);
    });
  });
  from.on('end', () => {
    later(() => to.end());
  });
  // A reset (a killed process's socket): the other side learns it too, after the bytes before it.
  from.on('error', () => undefined);
  from.on('close', () => {
    later(() => {
      if (!to.writableEnded) to.destroy();
    });
  });
}
