// Each step of the import dialog takes focus as it is shown (its heading, or its first control), so a
// keyboard or screen reader user lands on what changed rather than on a control that is gone.
import { useEffect, useRef } from 'react';

export function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
