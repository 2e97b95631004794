// Building DOM without HTML strings: every string becomes a text node or an attribute value, so
// pasted text is always shown as text, never parsed as markup.

import { splitHidden } from './text.js';

/**
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * h creates an element. props: "class", "text" (textContent), "on<event>" listeners,
 * "dataset" (an object), booleans (present when true), and any other attribute as a string.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [props]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value == null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/**
 * append adds children: nested arrays are flattened, strings and numbers become text nodes, and
 * null, undefined and false are skipped (so `cond ? node : null` reads naturally).
 * @param {Element | DocumentFragment} el
 * @param {any[]} children
 */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(typeof child === 'object' ? child : String(child));
  }
}

/**
 * replace sets an element's children, with the same rules as append.
 * @param {Element} el
 * @param {...any} children
 */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * clear removes every child.
 * @param {Element} el
 */
export function clear(el) {
  el.replaceChildren();
}

/**
 * visibleText renders untrusted text with its hidden characters (zero-width, bidi controls, the
 * tag block) shown as labelled marks, so a reviewer sees what the model would read.
 * @param {string} text
 * @returns {DocumentFragment}
 */
export function visibleText(text) {
  const fragment = document.createDocumentFragment();
  for (const piece of splitHidden(text)) {
    if (piece.hidden) {
      fragment.append(h('span', { class: 'hidden-char', title: piece.label, text: `⟨${piece.label}⟩` }));
    } else {
      fragment.append(piece.text);
    }
  }
  return fragment;
}

/**
 * copyText writes text to the clipboard; resolves false where the browser refuses.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * download offers text as a file, made in the page (a Blob URL): nothing goes over the network.
 * @param {string} name
 * @param {string} text
 * @param {string} [type]
 */
export function download(name, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name, class: 'visually-hidden' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
