// The language file (spec section 7): when the server names one in <meta name="language-url">, its JSON
// strings replace the default messages. Until it arrives the defaults stay, so nothing waits for it.
import { useLanguage } from '../../common/messages.ts';

export async function loadLanguage(): Promise<void> {
  const url = document.querySelector<HTMLMetaElement>('meta[name="language-url"]')?.content;
  if (!url) return;
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`Language file ${url}: HTTP ${res.status}`);
  const strings: unknown = await res.json();
  if (typeof strings !== 'object' || strings === null || Array.isArray(strings)) {
    throw new Error(`Language file ${url} is not a JSON object`);
  }
  useLanguage(strings as Record<string, unknown>);
  // Lets a test (or a stylesheet) know the page now speaks the file's language, and texts the browser
  // wrote before it arrived (the store selector's label) be written again.
  document.documentElement.dataset.language = 'loaded';
  document.dispatchEvent(new Event('language:loaded'));
}
