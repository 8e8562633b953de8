// PDFs one user may have under way at once (config.limits.pdf.perUser), counted per app instance: claimed
// before the report or table reads a row, given back once its PDF is printed or refused. A burst past it is
// refused with 429 at once, where it would otherwise read and draw every report before the print queue
// turned most of them away.
import type { FastifyInstance } from 'fastify';
import { msg } from '../../messages.ts';
import { slotsOf, type UserSlots } from '../../user-slots.ts';
import { ReportRefusal } from '../report-refusal.ts';

const printing = new WeakMap<FastifyInstance, UserSlots>();

/** PDFs under way on this app instance, from reading their rows to the last byte printed. */
export function pdfsUnderWay(app: FastifyInstance): number {
  return slotsOf(printing, app).total;
}

/** Runs `work` in one of the user's PDF slots; a ReportRefusal (429) when they hold them all. */
export async function inPdfSlot<T>(app: FastifyInstance, userId: number, work: () => Promise<T>): Promise<T> {
  const slots = slotsOf(printing, app);
  const perUser = app.config.limits.pdf.perUser;
  if (slots.heldBy(userId) >= perUser) throw new ReportRefusal(429, msg('pdfUserBusy', perUser));
  const release = slots.take(userId);
  try {
    return await work();
  } finally {
    release();
  }
}
