// A date and time in the reader's own time zone. The server drew it in its zone, which may not be the
// browser's: hydration keeps the server's text without complaint, and once mounted the element is drawn
// afresh (a new key) in the browser's zone.
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../common/format.ts';

export function LocalTime({ value }: { value: unknown }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const text = value instanceof Date || typeof value === 'string' || typeof value === 'number' ? formatDateTime(value) : '';
  return (
    <time key={local ? 'local' : 'server'} dateTime={typeof value === 'string' ? value : undefined} suppressHydrationWarning>
      {text}
    </time>
  );
}
