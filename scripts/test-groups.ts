// Which test files share a process (scripts/test-run.ts). A file's own process spends about half a processor
// second before its first test (starting Node, loading and compiling the server's modules, warming the code
// every app build runs): for a unit or server file of a few seconds that is a sixth of its cost, paid some
// 300 times a CI run. Short unit and server files therefore run a few to a process, one after the other, as
// node:test runs the files a process imports. Browser files (their time is Chromium's), files the last run
// timed as long (sharing saves them little and would make their process the run's last), and the files
// named below keep a process of their own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A test file: its TypeScript, from the project's root, and the bundle that runs it. */
export interface TestFile {
  source: string;
  bundle: string;
  /** For a process that runs several files: those files. */
  members?: TestFile[];
}

/**
 * Files in a process of a group: the first pays for loading the modules, the others share it.
 * TEST_GROUP_SIZE=1 gives every file its own process (to tell whether a failure comes from sharing one).
 */
const GROUP_SIZE = Number(process.env.TEST_GROUP_SIZE) || 6;

/** A file the last run timed at this or longer keeps a process of its own. */
const LONG_MS = 15_000;

/**
 * Files that keep a process of their own whatever their time: the fault suite (it runs alone, its deadlines
 * the app's); the main process's (it judges a process's own exit and signals).
 */
const ownProcess = new Set(['test/server/faults.test.ts', 'test/server/main-process.test.ts']);

/** The folders whose short files share processes; a group never spans two of them. */
const sharing = ['test/unit/', 'test/server/'];

/**
 * The files as processes: each short file of a sharing folder in a group of up to `size` (in the order
 * given), the others alone. A group's entry, which imports its files' bundles, is written to `dir`.
 */
export function inGroups(files: TestFile[], lastMs: Map<string, number>, dir: string, size = GROUP_SIZE): TestFile[] {
  const alone: TestFile[] = [];
  const byFolder = new Map<string, TestFile[]>();
  for (const f of files) {
    const folder = sharing.find((d) => f.source.startsWith(d));
    const long = (lastMs.get(f.source) ?? 0) >= LONG_MS;
    if (!folder || long || ownProcess.has(f.source)) alone.push(f);
    else byFolder.set(folder, [...(byFolder.get(folder) ?? []), f]);
  }
  mkdirSync(dir, { recursive: true });
  const groups: TestFile[] = [];
  for (const members of byFolder.values()) {
    for (let i = 0; i < members.length; i += size) {
      const chunk = members.slice(i, i + size);
      if (chunk.length === 1) {
        groups.push(chunk[0]!);
        continue;
      }
      const bundle = join(dir, `group-${groups.length + 1}.mjs`);
      writeFileSync(bundle, chunk.map((m) => `import ${JSON.stringify(pathToFileURL(m.bundle).href)};\n`).join(''));
      groups.push({ source: `${chunk[0]!.source} and ${chunk.length - 1} more`, bundle, members: chunk });
    }
  }
  return [...alone, ...groups];
}
