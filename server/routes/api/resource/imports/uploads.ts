// The files uploaded for import on this instance, by their import's id: where the file is kept, its header,
// who uploaded it into which table, the refused rows of its last preview or run, and, while it runs, its
// progress. An upload left alone for KEEP_MS is removed with its files (a running one is kept until its end).
// The import's state and counts are also in its database row (import-records.ts), which any instance reads.
import { rm } from 'node:fs/promises';
import type { FileFormat, SavedUpload } from '../../../../imports/index.ts';

/** How long an upload is kept after its last use. */
export const KEEP_MS = 60 * 60_000;

export interface Upload {
  id: number;
  resource: string;
  userId: number;
  fileName: string;
  file: SavedUpload;
  format: FileFormat;
  header: readonly string[];
  /** The refused rows of the last preview or run, as CSV (UTF-8), once one has finished. */
  refusedPath: string | null;
  /** While it runs on this instance: the rows done, and the total the last preview counted (null: none). */
  running: { done: number; total: number | null } | null;
  /** Why its last run failed, when the database could not be told (it was what failed). */
  failure: string | null;
  timer: NodeJS.Timeout | null;
}

/** The uploads of one app (its routes make one). */
export class Uploads {
  private readonly uploads = new Map<number, Upload>();

  keep(upload: Upload): void {
    this.uploads.set(upload.id, upload);
    this.touch(upload);
  }

  /** The user's upload into the resource, if it is here; each use keeps it longer. */
  find(id: number, resource: string, userId: number): Upload | null {
    const upload = this.uploads.get(id);
    if (!upload || upload.resource !== resource || upload.userId !== userId) return null;
    this.touch(upload);
    return upload;
  }

  /** Imports running on this instance, or the user's among them. */
  running(userId?: number): number {
    return [...this.uploads.values()].filter((u) => u.running && (userId === undefined || u.userId === userId)).length;
  }

  async drop(upload: Upload): Promise<void> {
    if (upload.timer) clearTimeout(upload.timer);
    this.uploads.delete(upload.id);
    await upload.file.remove();
    if (upload.refusedPath) await rm(upload.refusedPath, { force: true });
  }

  /** Removes every upload (the app closing). */
  async dropAll(): Promise<void> {
    await Promise.all([...this.uploads.values()].map((u) => this.drop(u)));
  }

  private touch(upload: Upload): void {
    if (upload.timer) clearTimeout(upload.timer);
    upload.timer = setTimeout(() => {
      if (upload.running) this.touch(upload);
      else void this.drop(upload);
    }, KEEP_MS);
    upload.timer.unref();
  }
}
