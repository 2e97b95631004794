// Tests of the page's DOM-free modules (text.js, i18n.js, examples.js) under Node.
// Run by site_test.go (TestPureModules); by hand: node --test site/testdata/pure_test.mjs
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { approvedLock, approvedTools, checkExamples, diffExamples, gateExamples, schemaExample } from '../examples.js';
import { catalogs, languages, pickLanguage, setLanguage, t } from '../i18n.js';
import { hiddenRanges } from '../hidden.js';
import { countLines, describeCodePoint, hiddenChars, humanSize, offsetOf, parseExact, positionOf, splitHidden } from '../text.js';

test('offsetOf counts columns in code points and lines by \\n', () => {
  const text = 'ab\n😀x\n\nlast';
  const cases = [
    // [line, column, UTF-16 offset, why]
    [1, 1, 0, 'start'],
    [1, 3, 2, 'end of the first line'],
    [2, 1, 3, 'start of line 2'],
    [2, 2, 5, 'after the emoji: one code point, two UTF-16 units'],
    [2, 3, 6, 'after x'],
    [2, 99, 6, 'a column past the end stays on its line'],
    [3, 1, 7, 'an empty line'],
    [4, 5, 12, 'end of the text'],
    [9, 1, 12, 'a line past the end clamps to the end'],
  ];
  for (const [line, column, want, why] of cases) {
    assert.equal(offsetOf(text, line, column), want, `${line}:${column} (${why})`);
  }
});

test('positionOf inverts offsetOf', () => {
  const text = '{\n  "k": "é😀z",\n  "n": 1\n}';
  for (let line = 1; line <= countLines(text); line++) {
    for (let column = 1; column <= 12; column++) {
      const offset = offsetOf(text, line, column);
      const back = positionOf(text, offset);
      assert.equal(offsetOf(text, back.line, back.column), offset, `${line}:${column}`);
    }
  }
  assert.deepEqual(positionOf(text, text.indexOf('z')), { line: 2, column: 11 }, 'é and 😀 are one column each');
});

test('countLines', () => {
  assert.equal(countLines(''), 1);
  assert.equal(countLines('a\nb\n'), 3);
});

test('parseExact keeps numbers beyond float64 (where JSON.rawJSON exists)', (ctx) => {
  assert.deepEqual(parseExact('{"a":[1,2,"x"]}'), { a: [1, 2, 'x'] });
  const text = '{"big":12345678901234567890,"small":1.5,"list":[98765432109876543210]}';
  // @ts-ignore
  if (typeof JSON.rawJSON !== 'function') {
    ctx.skip('this Node has no JSON.rawJSON (the browser test checks it in Chromium)');
    return;
  }
  assert.equal(JSON.stringify(parseExact(text)), text);
});

test('splitHidden shows invisible characters', () => {
  const pieces = splitHidden('a\u200bb\u202e c\u{e0041}\n\t');
  const labels = pieces.filter((p) => p.hidden).map((p) => /** @type {any} */ (p).label);
  assert.deepEqual(labels, ['U+200B', 'U+202E', "U+E0041 tag 'A'"]);
  assert.equal(pieces.map((p) => p.text).join(''), 'a\u200bb\u202e c\u{e0041}\n\t', 'nothing lost');
  assert.equal(describeCodePoint(0x7), 'U+0007');
  assert.deepEqual(splitHidden('plain'), [{ text: 'plain' }]);
});

test('hiddenChars is about().hidden: the ends of each range match, their neighbours outside do not', () => {
  const hidden = (/** @type {number} */ cp) => new RegExp(hiddenChars.source, 'u').test(String.fromCodePoint(cp));
  const inside = (/** @type {number} */ cp) => hiddenRanges.some(([lo, hi]) => lo <= cp && cp <= hi);
  for (const [lo, hi] of hiddenRanges) {
    assert.ok(hidden(lo) && hidden(hi), `U+${lo.toString(16)}..U+${hi.toString(16)}`);
    if (lo > 0 && !inside(lo - 1)) assert.ok(!hidden(lo - 1), `U+${(lo - 1).toString(16)}`);
    if (!inside(hi + 1)) assert.ok(!hidden(hi + 1), `U+${(hi + 1).toString(16)}`);
  }
  // Line breaks and tabs are text, as Go says; a carriage return too.
  assert.deepEqual(splitHidden('a\r\n\tb'), [{ text: 'a\r\n\tb' }]);
  // A format character beyond the old hand-typed list (ARABIC NUMBER SIGN, Cf).
  assert.ok(hidden(0x600));
});

test('humanSize', () => {
  assert.equal(humanSize(812), '812 B');
  assert.equal(humanSize(14_200), '14.2 KB');
  assert.equal(humanSize(2_100_000), '2.1 MB');
});

test('every language has every string, with the same placeholders', () => {
  // A plural form ("key.one") belongs to its key: a language has the forms its grammar needs
  // (French "1 ajouté" where English writes "1 added" for any count).
  const form = /\.(zero|one|two|few|many|other)$/;
  const base = (/** @type {string} */ key, /** @type {Record<string, string>} */ strings) => {
    const b = key.replace(form, '');
    return b !== key && b in strings ? b : key;
  };
  const keys = Object.keys(catalogs.en).filter((k) => base(k, catalogs.en) === k).sort();
  const names = (/** @type {string} */ s) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
  for (const lang of languages) {
    const strings = catalogs[lang];
    assert.deepEqual(Object.keys(strings).filter((k) => base(k, strings) === k).sort(), keys, `${lang} keys`);
    for (const key of Object.keys(strings)) {
      assert.deepEqual(names(strings[key]), names(catalogs.en[base(key, strings)]), `${lang} ${key} placeholders`);
    }
  }
});

test('plural forms follow each language: French "one" covers 0 and 1', () => {
  setLanguage('fr');
  assert.equal(t('schema.invalid', { n: 0 }), '0 problème');
  assert.equal(t('diff.count.changed', { n: 1 }), '1 modifié');
  assert.equal(t('diff.count.changed', { n: 2 }), '2 modifiés');
  setLanguage('en');
  assert.equal(t('schema.invalid', { n: 0 }), '0 problems');
  assert.equal(t('diff.noChange', { n: 1 }), 'Nothing changed: 1 tool is the same.');
  setLanguage('de');
  assert.equal(t('lint.count.findings', { n: 1 }), '1 Befund');
  assert.equal(t('lint.count.findings', { n: 0 }), '0 Befunde');
});

test('t fills placeholders, picks the singular, falls back', () => {
  setLanguage('fr');
  assert.equal(t('schema.invalid', { n: 1 }), '1 problème');
  assert.equal(t('schema.invalid', { n: 3 }), '3 problèmes');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(t('no.such.key', {}, 'fallback'), 'fallback');
  setLanguage('xx');
  assert.equal(t('tab.decision'), 'Decision');
  assert.equal(pickLanguage(['de-CH', 'en']), 'de');
  assert.equal(pickLanguage(['ja']), 'en');
});

test('examples: every text is JSON except the ones meant to be broken', () => {
  for (const e of gateExamples) {
    for (const text of [e.call, e.catalog, e.policy]) JSON.parse(text);
    assert.ok(catalogs.en[e.label], `label ${e.label}`);
  }
  for (const e of checkExamples) {
    for (const text of [e.decision, e.schema, e.policy]) JSON.parse(text);
    assert.ok(catalogs.en[e.label], `label ${e.label}`);
  }
  for (const e of diffExamples) {
    JSON.parse(e.left);
    JSON.parse(e.right);
    assert.ok(catalogs.en[e.label], `label ${e.label}`);
  }
  JSON.parse(schemaExample.instance);
  JSON.parse(schemaExample.schema);
});

test('the lock example pins the approved tools (sha256 over RFC 8785)', () => {
  // The tools hold only strings, booleans and small integers, for which RFC 8785 is JSON with
  // sorted keys and no whitespace.
  const canonical = (/** @type {any} */ v) => {
    if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
    if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
    return JSON.stringify(v);
  };
  /** @type {Record<string, string>} */
  const want = {};
  for (const text of approvedTools) {
    const tool = JSON.parse(text);
    want[tool.name] = 'sha256:' + createHash('sha256').update(canonical(tool)).digest('hex');
  }
  assert.deepEqual(JSON.parse(approvedLock), want);
});
