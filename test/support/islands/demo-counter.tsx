// A small demo island for the tests: a counter the server renders and the browser hydrates, proving the island
// loader (mount after swaps and history restores, unmount when swapped away) and server rendering.
import { useId, useState } from 'react';

export default function Counter({ start = 0, label = 'Count' }: { start?: number; label?: string }) {
  const [count, setCount] = useState(start);
  const id = useId();
  return (
    <div className="demo-counter">
      <span id={id}>{label}</span>
      <output aria-labelledby={id}>{count}</output>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        +1
      </button>
    </div>
  );
}
