// How /static/ files are served: who may read which, and how long browsers and proxies keep them. Source
// maps (static/build/**/*.map) show the browser code as written; they are served in development and, in
// production, to signed-in administrators only (who debug what people report). Anyone else gets 404, as
// for a file that does not exist.
import type { FastifyRequest } from 'fastify';
import type { SetHeadersResponse } from '@fastify/static';
import { allows, type Access } from '../common/roles.ts';
import type { Config } from './config.ts';

const readsSourceMaps: Access = { admin: true };

const isSourceMap = (path: string): boolean => path.endsWith('.map');

/** @fastify/static's options for these rules (the request gate has run: the user is known). */
export function staticFileRules(config: Config) {
  return {
    // The Cache-Control below is ours: @fastify/static 9 would otherwise overwrite it with its own default.
    cacheControl: false,
    allowedPath(pathName: string, _root: string | undefined, req: FastifyRequest): boolean {
      return !isSourceMap(pathName) || config.development || (req.user !== null && allows(req.user, readsSourceMaps));
    },
    // @fastify/static 9 hands over the raw response (see docs/deployment.md: Node and the dependency pins).
    setHeaders(res: SetHeadersResponse, path: string): void {
      // A source map is for the one who asked: no shared cache may hand it to the next person.
      if (isSourceMap(path)) res.setHeader('Cache-Control', 'private, no-store');
      // Built bundles carry their content hash in the name: they can be cached for good.
      else res.setHeader('Cache-Control', path.includes('/build/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  };
}
