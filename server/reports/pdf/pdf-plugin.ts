// The app's PDF engine (app.pdf): found and configured once, Chromium launched on the first PDF, and closed
// with the app (a Chromium left running would keep the process, and its profile directory, alive).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { findChromium } from './chromium.ts';
import { PdfEngine } from './engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfEngine;
  }
}

export default fp(async function pdfEngine(app: FastifyInstance) {
  const engine = new PdfEngine(findChromium(app.config.chromiumPath), app.log, app.config.limits.pdf);
  app.decorate('pdf', engine);
  app.addHook('onClose', () => engine.close());
});
