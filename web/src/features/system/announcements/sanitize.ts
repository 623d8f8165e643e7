/**
 * A small allow-list HTML sanitiser for announcement content: the server cleans what it stores
 * (scripts, event handlers and `javascript:` links are removed), and the browser cleans again
 * before any HTML is put into a live document (the editor, the preview).
 *
 * Kept: text formatting, lists, paragraphs and line breaks, quotes, headings, and links whose
 * address is an http(s) URL or an app path (`/…`). Everything else loses its attributes; unknown
 * elements are unwrapped (their text stays), dangerous ones are dropped with their content.
 */

const ALLOWED = new Set([
  'P', 'BR', 'DIV', 'SPAN', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'STRIKE', 'DEL', 'OL', 'UL', 'LI',
  'A', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'HR', 'PRE', 'CODE', 'SUB', 'SUP',
]);

/** Dropped with everything inside. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA', 'LINK', 'META', 'BASE', 'TITLE', 'HEAD']);

/** A link address the app accepts: http(s) URLs and app paths (not `//host`), no spaces or controls. */
export function isSafeLink(href: string): boolean {
  const value = href.trim();
  // oxlint-disable-next-line no-control-regex
  if (value === '' || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\/[^/?#\\]+/i.test(value);
}

function cleanChildren(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      cleanChildren(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = element.getAttribute('href') ?? '';
      if (isSafeLink(href)) {
        copy.setAttribute('href', href.trim());
        if (!href.trim().startsWith('/')) {
          copy.setAttribute('target', '_blank');
          copy.setAttribute('rel', 'noopener noreferrer');
        }
      }
      const title = element.getAttribute('title');
      if (title) copy.setAttribute('title', title);
    }
    cleanChildren(element, copy, doc);
    target.appendChild(copy);
  }
}

/** The HTML with only what the allow-list keeps (an inert template parses it: nothing runs or loads). */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createElement('div');
  cleanChildren(template.content, out, document);
  return out.innerHTML;
}

/** Whether the HTML shows no text (empty paragraphs, line breaks and spaces only). */
export function isBlankHtml(html: string): boolean {
  if (!html) return true;
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '' && template.content.querySelector('hr') === null;
}
