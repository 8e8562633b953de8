// What the import tests share: a file uploaded through the real multipart route, a preview, a run and its
// end awaited through the status route, as the import dialog does them.
import assert from 'node:assert/strict';
import type { SignedIn } from '../../support/app.ts';
import { until } from '../../support/until.ts';

const boundary = 'import-test-boundary';

export interface Uploaded {
  Id: number;
  Headers: string[];
  Mapping: Array<string | null>;
  Fields: Array<{ Name: string; Label: string; Required: boolean }>;
}

export interface Preview {
  Counts: { Add: number; Change: number; Unchanged: number; Refused: number };
  Refused: Array<{ Line: number; Messages: string[] }>;
  Changes: Array<{ Line: number; Row: string; Fields: Array<{ Label: string; Old: string; New: string }> }>;
  Total: number;
}

export interface Status {
  State: 'previewing' | 'running' | 'done' | 'failed';
  Done: number;
  Total: number | null;
  Counts: Preview['Counts'] | null;
  Error: string | null;
}

/** The multipart body of one file named `name`. */
export function multipart(content: Buffer | string, name = 'rows.csv'): { payload: Buffer; headers: Record<string, string> } {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadFile(user: SignedIn, resource: string, content: Buffer | string, name = 'rows.csv') {
  return user.inject({ method: 'POST', url: `/api/${resource}/imports`, ...multipart(content, name) });
}

export async function upload(user: SignedIn, resource: string, content: Buffer | string, name = 'rows.csv'): Promise<Uploaded> {
  const res = await uploadFile(user, resource, content, name);
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as Uploaded;
}

export async function preview(
  user: SignedIn,
  resource: string,
  up: Uploaded,
  mode = 'add-update',
  mapping: Array<string | null> = up.Mapping,
): Promise<Preview> {
  const res = await user.inject({
    method: 'POST',
    url: `/api/${resource}/imports/${up.Id}/preview`,
    payload: { Mapping: mapping, Mode: mode },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Preview;
}

export function startRun(user: SignedIn, resource: string, up: Uploaded, { mode = 'add-update', validOnly = false } = {}) {
  return user.inject({
    method: 'POST',
    url: `/api/${resource}/imports/${up.Id}/run`,
    payload: { Mapping: up.Mapping, Mode: mode, ValidOnly: validOnly },
  });
}

export async function status(user: SignedIn, resource: string, id: number): Promise<Status> {
  const res = await user.inject({ url: `/api/${resource}/imports/${id}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Status;
}

/** Runs the import and waits for its end; its final status. */
export async function run(
  user: SignedIn,
  resource: string,
  up: Uploaded,
  options: { mode?: string; validOnly?: boolean } = {},
): Promise<Status> {
  const res = await startRun(user, resource, up, options);
  assert.equal(res.statusCode, 202, res.body);
  assert.deepEqual(res.json(), { Id: up.Id });
  return finished(user, resource, up.Id);
}

export async function finished(user: SignedIn, resource: string, id: number, ms = 60_000): Promise<Status> {
  let last: Status | undefined;
  // A database that is starting again answers 503 meanwhile (the fault tests).
  const ended = async () => {
    const res = await user.inject({ url: `/api/${resource}/imports/${id}` });
    if (res.statusCode === 503) return false;
    assert.equal(res.statusCode, 200, res.body);
    last = res.json() as Status;
    return ['done', 'failed'].includes(last.State);
  };
  await until(ended, `import ${id} finished`, {
    ms,
    every: 50,
  });
  return last!;
}

/** CSV text of rows (first the header), comma separated, CRLF lines. */
export function csv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows
    .map((r) => r.map((c) => (/[",\r\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(','))
    .join('\r\n');
}
