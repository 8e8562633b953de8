// Text made safe to place in HTML, as element content or a double-quoted attribute value, where a page is
// written without a template (which escapes by itself).
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
