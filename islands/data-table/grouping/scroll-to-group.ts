// An opened group is scrolled into view with room above it (spec section 9: the default group-expand offset
// is 100 px), inside whatever scrolls it: the table's own scroll region when infinite scroll gives it a
// height, else the page.
export const GROUP_SCROLL_OFFSET = 100;

function scrollsVertically(element: HTMLElement): boolean {
  const { overflowY } = getComputedStyle(element);
  return (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight;
}

export function scrollToGroup(header: HTMLElement, offset = GROUP_SCROLL_OFFSET): void {
  let parent = header.parentElement;
  while (parent && parent !== document.body && !scrollsVertically(parent)) parent = parent.parentElement;
  const top = header.getBoundingClientRect().top;
  if (parent && parent !== document.body) {
    parent.scrollTop += top - parent.getBoundingClientRect().top - offset;
  } else {
    window.scrollTo({ top: window.scrollY + top - offset });
  }
}
