// One notice of several texts (counts, then reasons), as the change outcomes and the undo write it.

/** The texts as sentences: the spec's notices end without a full stop, the server's reasons with one. */
export const sentences = (parts: ReadonlyArray<string>): string =>
  parts.length === 1 ? parts[0]! : parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ');
