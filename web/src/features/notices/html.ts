/**
 * Announcement bodies are HTML the server already sanitised (scripts, event handlers and
 * `javascript:` links removed). This second pass in the browser drops the same things again, so a
 * body is never trusted blindly, and makes links open in a new window.
 */

const DROPPED_ELEMENTS = 'script, style, iframe, frame, frameset, object, embed, link, meta, base, form, input, button, textarea, select';
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'poster']);

function unsafeUrl(value: string): boolean {
  // Control characters and spaces inside the scheme are ignored by browsers ("java\tscript:").
  const compact = Array.from(value)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  return compact.startsWith('javascript:') || compact.startsWith('vbscript:') || (compact.startsWith('data:') && !compact.startsWith('data:image/'));
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const element of Array.from(doc.body.querySelectorAll(DROPPED_ELEMENTS))) element.remove();
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc' || (URL_ATTRIBUTES.has(name) && unsafeUrl(attribute.value))) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'A' && element.hasAttribute('href')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return doc.body.innerHTML;
}
