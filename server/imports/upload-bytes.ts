// An upload's bytes, never more than an import takes. A stream from @fastify/multipart (register it with
// `limits: { fileSize: limits.imports.maxBytes }`) stops at that size and says so with a 'limit' event; any
// other stream (a request body) is counted here. Either way the refusal comes as soon as the limit is passed,
// not after the rest has been read, and what was written of it is removed.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ImportFileError } from './import-error.ts';

export function uploadTooLarge(maxBytes: number): ImportFileError {
  return ImportFileError.tooLarge('importTooLarge', maxBytes, 'bytes');
}

/** `source`'s chunks, refused (ImportFileError, 413) as soon as they pass `maxBytes` or the stream's own limit. */
export async function* limitedBytes(source: AsyncIterable<Buffer> | Readable, maxBytes: number): AsyncGenerator<Buffer, void, undefined> {
  // A multipart file stream ends normally when it is cut at its limit, having emitted 'limit' first.
  let cut = false;
  if (source instanceof Readable) source.once('limit', () => (cut = true));
  let bytes = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes || cut) throw uploadTooLarge(maxBytes);
    yield chunk;
  }
  if (cut || (source as { truncated?: boolean }).truncated) throw uploadTooLarge(maxBytes);
}

/** An upload kept in a file of its own (an .xlsx must be: its zip directory is at its end). */
export interface SavedUpload {
  readonly path: string;
  readonly bytes: number;
  /** Deletes the file (and its folder); safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Writes `source` to a new file under the system's temporary folder (`dir` in a test), readable by this user
 * alone; refused (ImportFileError, 413) once it passes `maxBytes`, and then nothing is left behind.
 */
export async function saveUpload(source: AsyncIterable<Buffer> | Readable, maxBytes: number, dir = tmpdir()): Promise<SavedUpload> {
  const folder = await mkdtemp(join(dir, 'backroom-import-'));
  const path = join(folder, randomUUID());
  const remove = () => rm(folder, { recursive: true, force: true });
  let bytes = 0;
  try {
    await pipeline(
      limitedBytes(source, maxBytes),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(path, { mode: 0o600 }),
    );
  } catch (err) {
    await remove();
    if (source instanceof Readable) source.destroy();
    throw err;
  }
  return { path, bytes, remove };
}
