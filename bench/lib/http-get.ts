// A lean GET for the load benches: node:http on kept-alive sockets, the answer's bytes read but not decoded.
// The generator shares the server's two cores, and fetch() (WHATWG streams, and brotli decoding of every
// compressed page, which a browser does on its own machine) spent ~0.6 ms of processor a request there: a
// third of what the server and PostgreSQL spend, taken from them. The clicks still ask for compression as a
// browser does (lib/staff-mix.ts), so the server's share is what a browser's request costs it.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** GETs `url` with `headers`: its status once the whole answer is in. */
export function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
