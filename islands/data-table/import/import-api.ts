// The import's calls (issue 36's HTTP contract, under the table's list URL): send the file, check the rows
// under a column match and a mode, start the import, read its progress. Each answers its JSON or, when the
// call brings none, `{ error }` in words to show (json-call.ts).
import { importMsg } from '../../../common/import-messages.ts';
import { csrfToken, jsonHeaders } from '../../shell/csrf.ts';
import { jsonCall, type Answer } from '../json-call.ts';

export const importModes = ['add-update', 'add', 'update'] as const;
export type ImportMode = (typeof importModes)[number];

/** A field a column can go into. */
export interface ImportField {
  Name: string;
  Label: string;
  Required: boolean;
}

/** The file as the server read its header: each header's field (null: not imported), and the fields. */
export interface ImportUpload {
  /** The import's id (a number today; only ever put back into URLs). */
  Id: ImportId;
  Headers: string[];
  Mapping: Array<string | null>;
  Fields: ImportField[];
}

export interface ImportCounts {
  Add: number;
  Change: number;
  Unchanged: number;
  Refused: number;
}

export interface ImportPreview {
  Counts: ImportCounts;
  /** The first refused rows (100 at most), by the file's line. */
  Refused: Array<{ Line: number; Messages: string[] }>;
  /** The first rows that would change (100 at most): the row in words and each field's old and new value. */
  Changes: Array<{ Line: number; Row: string; Fields: Array<{ Label: string; Old: unknown; New: unknown }> }>;
  Total: number;
}

export type ImportState = 'previewing' | 'running' | 'done' | 'failed';

export interface ImportStatus {
  State: ImportState;
  Done: number;
  Total: number;
  Counts: ImportCounts | null;
  Error: string | null;
}

export type ImportId = string | number;

/** Where the table's imports live: `/api/<resource>/imports`, and its example file. */
export const importsUrl = (listUrl: string): string => `${listUrl}/imports`;
export const exampleUrl = (listUrl: string): string => `${listUrl}/import/example.csv`;
export const importUrl = (listUrl: string, id: ImportId): string => `${importsUrl(listUrl)}/${encodeURIComponent(id)}`;

const call = <T>(url: string, init: () => RequestInit): Promise<Answer<T>> =>
  jsonCall(url, init, (status) => importMsg('importDialogCallFailed', status));

/** Sends the chosen file (multipart, its one part `file`): the server reads its header and matches it. */
export function uploadFile(listUrl: string, file: File): Promise<Answer<ImportUpload>> {
  return call(importsUrl(listUrl), () => {
    const body = new FormData();
    body.append('file', file, file.name);
    return { method: 'POST', headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken() }, body };
  });
}

const postJson = (body: unknown) => (): RequestInit => ({ method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });

/** What the import would do, written nowhere. */
export function previewImport(
  listUrl: string,
  id: ImportId,
  mapping: Array<string | null>,
  mode: ImportMode,
): Promise<Answer<ImportPreview>> {
  return call(`${importUrl(listUrl, id)}/preview`, postJson({ Mapping: mapping, Mode: mode }));
}

/** Starts the import in the background (all or nothing unless `validOnly`). */
export function runImport(
  listUrl: string,
  id: ImportId,
  mapping: Array<string | null>,
  mode: ImportMode,
  validOnly: boolean,
): Promise<Answer<{ Id: ImportId }>> {
  return call(`${importUrl(listUrl, id)}/run`, postJson({ Mapping: mapping, Mode: mode, ValidOnly: validOnly }));
}

export function importStatus(listUrl: string, id: ImportId): Promise<Answer<ImportStatus>> {
  return call(importUrl(listUrl, id), () => ({ headers: { Accept: 'application/json' } }));
}
