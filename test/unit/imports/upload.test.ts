// An upload kept for import (saveUpload): streamed from a multipart file part to a file of its own, and
// refused with 413 as soon as it passes the limit, before the rest has even been sent, leaving nothing behind.
// A Fastify of its own, with @fastify/multipart as the import's route will register it.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { readImportFile, saveUpload } from '../../../server/imports/index.ts';
import { msg } from '../../../server/messages.ts';
import { limitsWith } from '../../support/import-files.ts';

const maxBytes = 64 * 1024;
const limits = limitsWith({ maxBytes });
const dir = mkdtempSync(join(tmpdir(), 'upload-test-'));
const app = Fastify();
let saved: { bytes: number; content: Buffer; header: readonly string[] } | null = null;

before(async () => {
  await app.register(multipart, { limits: { fileSize: limits.maxBytes, files: 1 } });
  app.post('/upload', async (req) => {
    const part = await req.file();
    if (!part) return { none: true };
    const upload = await saveUpload(part.file, limits.maxBytes, dir);
    try {
      const table = await readImportFile(upload.path, limits);
      await table.close();
      saved = { bytes: upload.bytes, content: readFileSync(upload.path), header: table.header };
      return { bytes: upload.bytes };
    } finally {
      await upload.remove();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const boundary = 'import-test-boundary';
const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sales.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const body = (content: Buffer) => Buffer.concat([Buffer.from(partHead), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

describe('saveUpload', () => {
  test('a file within the limit is kept whole, read, and removed', async () => {
    const content = Buffer.from(`Store #,Sales\r\n${'1001,12.5\r\n'.repeat(5000)}`);
    assert.ok(content.length < maxBytes);
    const res = await app.inject({ method: 'POST', url: '/upload', headers, payload: body(content) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { bytes: content.length });
    assert.ok(saved?.content.equals(content));
    assert.deepEqual(saved?.header, ['Store #', 'Sales']);
    assert.deepEqual(readdirSync(dir), [], 'removed');
  });

  test('a file past the limit is refused with 413 and its message, and nothing is left', async () => {
    const res = await app.inject({ method: 'POST', url: '/upload', headers, payload: body(Buffer.alloc(maxBytes + 1, 'a')) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().message, msg('importTooLarge', '1'));
    assert.deepEqual(readdirSync(dir), []);
  });

  test('the refusal comes while the rest of the file is still to be sent', async () => {
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ port, method: 'POST', path: '/upload', headers }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(partHead);
      // Twice the limit, and the body never ended: only a refusal before the end can answer.
      req.write(Buffer.alloc(maxBytes * 2, 'a'));
    });
    assert.equal(answer.status, 413);
    assert.equal(JSON.parse(answer.text).message, msg('importTooLarge', '1'));
    assert.deepEqual(readdirSync(dir), []);
  });

  test('a stream with no limit of its own (a request body) is counted', async () => {
    const chunks = (async function* () {
      for (let i = 0; i < 100; i++) yield Buffer.alloc(1024, 'a');
    })();
    await assert.rejects(saveUpload(chunks, maxBytes, dir), { statusCode: 413, message: msg('importTooLarge', '1') });
    assert.deepEqual(readdirSync(dir), []);
  });
});
