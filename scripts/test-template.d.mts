// Types of test-template.mjs for the TypeScript that imports it (bench/run.ts).
import type { SpawnSyncReturns } from 'node:child_process';

export function runTsx(args: string[], env?: NodeJS.ProcessEnv): SpawnSyncReturns<Buffer>;
export function prepareTemplate(env: NodeJS.ProcessEnv): () => void;
export function startTemplate(env: NodeJS.ProcessEnv): Promise<() => void>;
