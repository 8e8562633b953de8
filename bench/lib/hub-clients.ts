// The hub bench's browsers, in a process of their own so that neither their memory nor their work is counted
// as the server's: opens the sockets it is told to (as a signed-in user, with the app's Origin), answers pings,
// and for each broadcast round reports when every socket received it (wall-clock ms, comparable across
// processes). Driven over IPC by bench/hub.ts.
import WebSocket from 'ws';
import type { ServerFrame } from '../../common/hub-frames.ts';

export type ClientsCommand = { connect: { url: string; origin: string; cookie: string; count: number } } | { close: true };
export type ClientsReport = { connected: number } | { round: string; arrivals: number[] };

/** Sockets opened at once: a thousand handshakes in one go would only measure the accept queue. */
const AT_ONCE = 50;
const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
const arrivals = new Map<string, number[]>();
const tell = (report: ClientsReport) => process.send!(report);

function open(url: string, origin: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin, headers: { cookie }, perMessageDeflate: false });
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (frame.type === 'ping') socket.send('{"type":"pong"}');
      if (frame.type !== 'changed' || !frame.resource.startsWith('bench-')) return;
      const times = arrivals.get(frame.resource) ?? [];
      times.push(now());
      arrivals.set(frame.resource, times);
      if (times.length === sockets.length) tell({ round: frame.resource, arrivals: times });
    });
    socket.once('open', () => {
      sockets.push(socket);
      resolve();
    });
    socket.once('error', reject);
  });
}

process.on('message', async (command: ClientsCommand) => {
  if ('connect' in command) {
    const { url, origin, cookie, count } = command.connect;
    for (let opened = 0; opened < count; opened += AT_ONCE) {
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, count - opened) }, () => open(url, origin, cookie)));
    }
    tell({ connected: sockets.length });
  } else {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
