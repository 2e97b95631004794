// Pure helpers about text: positions, exact JSON reading of the checker's answers, and making
// hidden characters visible. No DOM here, so Node can test this module (testdata/pure_test.mjs).

import { hiddenRanges } from './hidden.js';

/**
 * offsetOf converts a 1-based line and column, where the column counts Unicode code points (as
 * the checker reports them), to a UTF-16 offset into text (as a textarea's selection wants it).
 * Out-of-range positions are clamped to the nearest place that exists.
 * @param {string} text
 * @param {number} line
 * @param {number} column
 * @returns {number}
 */
export function offsetOf(text, line, column) {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  for (let c = 1; c < column && offset < text.length; c++) {
    const unit = text.charCodeAt(offset);
    if (unit === 0x0a) break; // a column past the line's end stays on the line
    const isPair = unit >= 0xd800 && unit <= 0xdbff && offset + 1 < text.length &&
      (text.charCodeAt(offset + 1) & 0xfc00) === 0xdc00;
    offset += isPair ? 2 : 1;
  }
  return offset;
}

/**
 * positionOf is the inverse of offsetOf: the 1-based line and code-point column of a UTF-16
 * offset (for the cursor position shown under an editor).
 * @param {string} text
 * @param {number} offset
 * @returns {{line: number, column: number}}
 */
export function positionOf(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  let column = 1;
  for (let i = lineStart; i < offset; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < offset) i++;
    column++;
  }
  return { line, column };
}

/**
 * countLines returns the number of lines of text (an empty text has one line).
 * @param {string} text
 */
export function countLines(text) {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

// Numbers a float64 could round: more than 15 significant digits, or an exponent.
const unsafeNumber = /\d{16}|[eE][+-]?\d{3}/;

/**
 * parseExact reads a JSON answer of the checker. Plain JSON.parse rounds numbers beyond float64
 * (12345678901234567890 would be shown as 12345678901234567000); where the browser supports
 * JSON.parse source text access and JSON.rawJSON, such numbers are kept as their exact source
 * text, and JSON.stringify writes them back unchanged.
 * @param {string} text
 * @returns {any}
 */
export function parseExact(text) {
  // @ts-ignore: JSON.rawJSON is newer than some type libraries
  if (typeof JSON.rawJSON !== 'function' || !unsafeNumber.test(text)) return JSON.parse(text);
  // The reviver's third argument (the source text) is newer than TypeScript's JSON.parse type.
  const parse = /** @type {(text: string, reviver: (key: string, value: unknown, context?: {source?: string}) => unknown) => any} */ (JSON.parse);
  return parse(text, (_key, value, context) => {
    if (typeof value === 'number' && context && typeof context.source === 'string' &&
        String(value) !== context.source) {
      // @ts-ignore
      return JSON.rawJSON(context.source);
    }
    return value;
  });
}

/**
 * formatAnswer writes a value from parseExact back as indented JSON, numbers exact.
 * @param {any} value
 */
export function formatAnswer(value) {
  return JSON.stringify(value, null, 2);
}

/**
 * hiddenChars matches one character gatehouse counts as hidden (about().hidden, generated into
 * hidden.js): controls other than line breaks and tabs, every format character (zero-width,
 * bidi controls, soft hyphen, BOM, the tag block), variation selectors and blank fillers.
 */
export const hiddenChars = new RegExp(`[${hiddenRanges.map(([lo, hi]) => `\\u{${lo.toString(16)}}-\\u{${hi.toString(16)}}`).join('')}]`, 'gu');

/**
 * A piece of text: either plain text, or one hidden character described visibly.
 * @typedef {{text: string, hidden?: false} | {text: string, hidden: true, label: string}} Piece
 */

/**
 * splitHidden cuts text into plain pieces and hidden characters, each hidden one with a visible
 * label such as "U+202E" or, for the tag block (invisible ASCII smuggled into a description),
 * "U+E0041 tag 'A'".
 * @param {string} text
 * @returns {Piece[]}
 */
export function splitHidden(text) {
  /** @type {Piece[]} */
  const pieces = [];
  let last = 0;
  for (const m of text.matchAll(hiddenChars)) {
    const at = m.index ?? 0;
    if (at > last) pieces.push({ text: text.slice(last, at) });
    pieces.push({ text: m[0], hidden: true, label: describeCodePoint(m[0].codePointAt(0) ?? 0) });
    last = at + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/**
 * describeCodePoint names a code point as U+XXXX, decoding tag characters to the ASCII they hide.
 * @param {number} cp
 */
export function describeCodePoint(cp) {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  if (cp >= 0xe0020 && cp <= 0xe007e) return `${hex} tag '${String.fromCharCode(cp - 0xe0000)}'`;
  return hex;
}

/**
 * humanSize writes a byte count for people: "812 B", "14.2 KB", "2.1 MB".
 * @param {number} n
 */
export function humanSize(n) {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}
