// Makes the embedded database's cluster image (cluster-image.ts) for the current key, unless it is there: a
// new database, created and migrated the way a first start would, then closed, and moved into place whole
// (a half-made image is never under its key). Images of other keys are stale, and removed.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { clusterImagePath, clusterImagesDir, currentClusterImage } from './cluster-image.ts';
import { openDatabase } from './index.ts';

/** The image's folder, made now or before. */
export async function makeClusterImage(imagesDir = clusterImagesDir): Promise<{ image: string; made: boolean }> {
  const made = currentClusterImage(imagesDir);
  if (made) return { image: made, made: false };
  const image = clusterImagePath(imagesDir);
  const unfinished = `${image}.tmp-${process.pid}`;
  mkdirSync(imagesDir, { recursive: true });
  try {
    const db = await openDatabase({ dataDir: unfinished, clusterImages: null });
    // Written out now rather than replayed from the log by every copy's first start.
    await db.pool.query('checkpoint');
    await db.close();
    for (const name of readdirSync(imagesDir)) {
      if (join(imagesDir, name) !== unfinished) rmSync(join(imagesDir, name), { recursive: true, force: true });
    }
    renameSync(unfinished, image);
  } finally {
    rmSync(unfinished, { recursive: true, force: true });
  }
  return { image, made: true };
}
