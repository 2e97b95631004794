// linkPane reads which pane a shared link opens from the fragment's first characters, without
// inflating it: a link made by gatehouse opens its deflate stream with a stored block holding
// `{"pane":"decision",` (internal/state, Encode and PaneHead, which reads the same bytes and is
// held to this by test/js). boot.js and app.js ask it which module the page starts on: a link to
// a pane the Schema module cannot check starts the whole module at once, not after the Schema
// module has read the link. It is only a hint: the checker's decodeState says what a link holds.

/**
 * @param {string} hash location.hash
 * @returns {string} the pane's name, or '' (no link, an older link without the head, damage)
 */
export function linkPane(hash) {
  if (!hash.startsWith('#v1.')) return '';
  let b64 = hash.slice(4, 4 + 64).replace(/-/g, '+').replace(/_/g, '/');
  b64 = b64.slice(0, b64.length - (b64.length % 4));
  let bytes;
  try {
    bytes = atob(b64);
  } catch {
    return '';
  }
  if (bytes.length < 5 || bytes.charCodeAt(0) !== 0) return '';
  const n = bytes.charCodeAt(1) | (bytes.charCodeAt(2) << 8);
  const complement = bytes.charCodeAt(3) | (bytes.charCodeAt(4) << 8);
  if ((n ^ complement) !== 0xffff || 5 + n > bytes.length) return '';
  const member = /^\{"pane":"([a-z]{1,32})",$/.exec(bytes.slice(5, 5 + n));
  return member ? member[1] : '';
}

/**
 * startsOnSchemaModule: whether the page opened at this fragment starts on the Schema module
 * (no link, a link to the Schema pane, or one whose pane is known only once read).
 * @param {string} hash
 */
export function startsOnSchemaModule(hash) {
  const pane = linkPane(hash);
  return pane === '' || pane === 'schema';
}
