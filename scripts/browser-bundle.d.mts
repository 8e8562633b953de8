// Types of browser-bundle.mjs for the TypeScript that imports it (scripts/test.ts).

export const root: string;
export const browserSources: string[];
export function isFresh(output: string, inputs: string[]): boolean;
export function buildBrowserBundle(entry: string, outdir: string): Promise<unknown>;
