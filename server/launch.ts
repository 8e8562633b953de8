// `npm start`'s entry (dist/server/main.mjs): picks the production build of the packages that choose theirs
// by NODE_ENV when first loaded, then runs the server (main.ts, bundled apart as dist/server/server.mjs).
// React is one: with NODE_ENV unset it loads its development build, which checks every element it renders
// and made a table screen's server-side rendering several times slower. The server is loaded only after
// NODE_ENV is set, since a bundle's imports run before any of its own code. `npm run dev` sets development.
// And how the heap grows, for a server's steady memory.
import v8 from 'node:v8';

process.env.NODE_ENV ??= 'production';
// The old generation grows to 1.75 times what a full collection left alive before the next one, not up to
// four times (V8's choice while the program allocates fast): the server holds little for long (~35 MB), and a
// long import or export, which makes garbage at a steady rate, otherwise holds ~100 MB more of it than it
// needs (a 100k-row preview in-process: 126 MB above where it began by default, 39 MB at twice; the 1M-row
// import bench: 79 and 90 MB above idle for its preview and import at 1.75, 93 and 105 at twice), for a few
// more collections. Set first, before the heap has grown (changing a V8 flag is safe only before its use).
v8.setFlagsFromString('--heap-growing-percent=75');
// A path the bundler leaves to run time: the server is its own bundle, loaded once the line above has run.
const server = './server.mjs';
await import(server);
