// A download over a real connection, as a browser makes it (app.inject would buffer it whole and never see it
// cut off): its status, the bytes it brought, and whether it came to its end or was cut off midway. It can
// stop reading and go on, as a slow client does, so that the server's work waits on it.
import { request, type IncomingMessage } from 'node:http';

export interface Download {
  status: number;
  bytes: number;
  /** The response came to its end (false: the server cut it off, or it never started). */
  complete: boolean;
}

export interface Downloading {
  /** Settles once the first bytes of the body have come. */
  started: Promise<void>;
  /** Settles once reading has stopped at `pauseAfter` bytes (never, without it or when the body is shorter). */
  held: Promise<void>;
  /** Whether reading is stopped. */
  readonly paused: boolean;
  /** Bytes taken so far. */
  readonly bytes: number;
  /** Stops reading (the server's socket fills, and the export behind it waits). */
  pause(): void;
  resume(): void;
  done: Promise<Download>;
}

export interface DownloadOptions {
  /** Stops reading once this many bytes have come (`held` then settles), until `resume`. */
  pauseAfter?: number;
}

/** GETs `path` from the app at `base` with the signed-in user's cookie, reading the body as it comes. */
export function startDownload(base: string, path: string, cookie: string, { pauseAfter }: DownloadOptions = {}): Downloading {
  let response: IncomingMessage | undefined;
  let bytes = 0;
  let onStart: () => void = () => undefined;
  let onHeld: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (onStart = resolve));
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const done = new Promise<Download>((resolve) => {
    const req = request(new URL(path, base), { headers: { cookie } }, (res) => {
      response = res;
      res.on('data', (chunk: Buffer) => {
        const before = bytes;
        bytes += chunk.length;
        onStart();
        if (pauseAfter !== undefined && before < pauseAfter && bytes >= pauseAfter) {
          res.pause();
          onHeld();
        }
      });
      // 'close' comes whether the body ended or was cut off; `complete` tells which.
      res.on('error', () => undefined);
      res.on('close', () => {
        onStart();
        resolve({ status: res.statusCode ?? 0, bytes, complete: res.complete });
      });
    });
    req.on('error', () => {
      onStart();
      resolve({ status: 0, bytes, complete: false });
    });
    req.end();
  });
  return {
    started,
    held,
    get paused() {
      return response?.isPaused() ?? false;
    },
    get bytes() {
      return bytes;
    },
    pause: () => response?.pause(),
    resume: () => response?.resume(),
    done,
  };
}

/** The whole download, read as fast as it comes. */
export function download(base: string, path: string, cookie: string): Promise<Download> {
  return startDownload(base, path, cookie).done;
}
