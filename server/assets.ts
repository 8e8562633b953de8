// The browser bundles built by scripts/build.mjs (or another bundle built the same way, the tests'): their
// content-hashed file names, and the app version (a hash of them all) that every response carries so an
// open page knows when it is out of date.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { buildDir } from './paths.ts';

export { staticDir } from './paths.ts';

export interface Assets {
  /** Entry name (`app.js`, `app.css`) to its public URL. */
  url(name: string): string;
  version: string;
}

/** The bundle whose manifest.json is in `dir`, served at `urlPath`; by default the app's, static/build/. */
export function loadAssets(dir = buildDir, urlPath = '/static/build/'): Assets {
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(readFileSync(`${dir}manifest.json`, 'utf8')) as Record<string, string>;
  } catch {
    throw new Error(`No browser bundle in ${dir}: run \`npm run build\` (npm start and npm test build the bundles they need).`);
  }
  const version = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  return {
    version,
    url(name) {
      const file = manifest[name];
      if (!file) throw new Error(`No built asset named ${name}`);
      return urlPath + file;
    },
  };
}
