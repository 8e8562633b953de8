// `npm start`'s entry (dist/server/main.mjs): picks the production build of the packages that choose theirs
// by NODE_ENV when first loaded, then runs the server (main.ts, bundled apart as dist/server/server.mjs).
// React is one: with NODE_ENV unset it loads its development build, which checks every element it renders
// and made a table screen's server-side rendering several times slower. The server is loaded only after
// NODE_ENV is set, since a bundle's imports run before any of its own code. `npm run dev` sets development.
// And how the heap grows, for a server's steady memory.
import v8 from 'node:v8';

process.env.NODE_ENV ??= 'production';
// The old generation grows to twice what a full collection left alive before the next one, not up to four
// times (V8's choice while the program allocates fast): the server holds little for long (~35 MB), and a
// long import or export, which makes garbage at a steady rate, otherwise holds ~100 MB more of it than it
// needs (measured: 126 MB above idle in a 100k-row preview, 39 MB with this), for a few more collections.
// Set first, before the heap has grown (changing a V8 flag is safe only before its use).
v8.setFlagsFromString('--heap-growing-percent=100');
// A path the bundler leaves to run time: the server is its own bundle, loaded once the line above has run.
const server = './server.mjs';
await import(server);
export {};
