// `npm start`'s entry (dist/server/main.mjs): picks the production build of the packages that choose theirs
// by NODE_ENV when first loaded, then runs the server (main.ts, bundled apart as dist/server/server.mjs).
// React is one: with NODE_ENV unset it loads its development build, which checks every element it renders
// and made a table screen's server-side rendering several times slower. The server is loaded only after
// NODE_ENV is set, since a bundle's imports run before any of its own code. `npm run dev` sets development.
process.env.NODE_ENV ??= 'production';
// A path the bundler leaves to run time: the server is its own bundle, loaded once the line above has run.
const server = './server.mjs';
await import(server);
export {};
