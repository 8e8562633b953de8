// Hydrating an island when it is first used rather than as the page loads. The server's markup already shows
// everything (a table's rows, its toolbar, its pager), so a page whose island waits carries neither React nor
// the island's code on its first load: on a slow office line the page and the shell's scripts arrive without
// 80 KB competing with them. The island wakes when a person reaches for it (the pointer over it, a touch, a
// key or focus inside it, a wheel), when its rule says the markup is not what the person should see (islands
// name theirs in registry.ts), or when a document event it follows fires. What a person does before the code
// has come is not lost: clicks are held and replayed once hydrated, and fields typed into or picked from are
// set back to the server's value for hydration and then given the person's value again as input. Keys an
// island answers from anywhere on the page (a table's shortcuts) wake it too, and are pressed again then.

/**
 * Dispatched (bubbling) by an island that waits for use from an effect once it has hydrated: what was held
 * is replayed only then, since an event that reaches React mid-hydration is read against the markup as it
 * is by then (a checkbox ticked by the replayed click looks unchanged to React, and is unticked again).
 */
export const HYDRATED_EVENT = 'island:hydrated';

/** When an island that waits for use must wake at once, and the document events that wake it. */
export interface WakeRule {
  /** Whether the server's markup needs the island's code now (a saved state to restore, another selection). */
  now(props: unknown): boolean;
  /** Document events after which the markup may be out of date. */
  events: readonly string[];
  /** Keys pressed anywhere on the page that are this island's to answer (`container`'s): held until it is hydrated. */
  keys?(event: KeyboardEvent, container: HTMLElement): boolean;
}

/** Held by an island that waits: hands over what happened before its code came, then replays it. */
export interface PendingUse {
  /**
   * Stops holding clicks and sets edited fields back to the server's values; call just before hydrating.
   * The function returned replays them; call it on HYDRATED_EVENT.
   */
  release(): () => void;
}

// A person reaching for the island; none of them is stopped, they only start the loading. A field changed
// wakes it too: a phone's picker, or a select set without focus or pointer, gives no other sign, and its
// value (kept by takeEdits) would otherwise wait for the next pass of the pointer.
const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'wheel', 'input', 'change'] as const;

type Edit = { field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement; value: string };

/**
 * Waits for the first use of `container`'s island (or its rule, which may come a moment later: registry.ts)
 * and calls `wake` once; until the island is hydrated, clicks inside it (but on links, which work without it)
 * and the keys its rule names are held for `release` to replay.
 */
export function waitForUse(container: HTMLElement, rule: Promise<WakeRule>, wake: () => void): PendingUse {
  const clicks: MouseEvent[] = [];
  const keys: KeyboardEvent[] = [];
  let events: readonly string[] = [];
  let woken = false;
  const start = () => {
    if (woken) return;
    woken = true;
    for (const type of intents) container.removeEventListener(type, start, true);
    for (const type of events) document.removeEventListener(type, start);
    wake();
  };
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || event.target.closest('a[href]')) return;
    // Stopped before the browser's default action too: a checkbox ticks only when the island handles it.
    event.preventDefault();
    event.stopPropagation();
    clicks.push(event);
    start();
  };
  let holdKey = (_event: KeyboardEvent) => {};
  container.addEventListener('click', hold, true);
  for (const type of intents) container.addEventListener(type, start, { capture: true, passive: true });
  void rule.then((r) => {
    if (woken) return;
    if (r.now(JSON.parse(container.dataset.props ?? '{}'))) return start();
    events = r.events;
    for (const type of events) document.addEventListener(type, start);
    holdKey = (event) => {
      // A swap took the island away before it was used: nothing is left to hold keys for.
      if (!container.isConnected) return document.removeEventListener('keydown', holdKey);
      if (!r.keys?.(event, container)) return;
      // Its default too (a browser's quick find on `/`): the island answers it.
      event.preventDefault();
      keys.push(event);
      start();
    };
    document.addEventListener('keydown', holdKey);
  });
  return {
    release() {
      container.removeEventListener('click', hold, true);
      document.removeEventListener('keydown', holdKey);
      const edits = takeEdits(container);
      return () => {
        for (const edit of edits) giveBack(edit);
        for (const held of [...clicks, ...keys]) replay(held);
      };
    },
  };
}

/** The fields whose value differs from the server's, each set back to it (hydration expects the server's markup). */
function takeEdits(container: HTMLElement): Edit[] {
  const edits: Edit[] = [];
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) continue;
    const initial = field instanceof HTMLSelectElement ? defaultOption(field) : field.defaultValue;
    if (initial === null || field.value === initial) continue;
    edits.push({ field, value: field.value });
    field.value = initial;
  }
  return edits;
}

function defaultOption(select: HTMLSelectElement): string | null {
  const option = [...select.options].find((o) => o.defaultSelected) ?? select.options[0];
  return option ? option.value : null;
}

/** The person's value again, through the value setter of the field's own prototype, as typing would: the island sees it changed. */
function giveBack({ field, value }: Edit): void {
  if (!field.isConnected) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * A held click or key again, where it happened (unless that is gone): the same kind of event, its fields
 * (the button, the key, the modifiers, bubbling) read from the held one, for the island's own listeners.
 */
function replay(event: MouseEvent | KeyboardEvent): void {
  const target = event.target as Node;
  if (target.isConnected) target.dispatchEvent(new (event.constructor as typeof Event)(event.type, event));
}
