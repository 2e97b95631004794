// The page's words in English, French and German, one file per language (lang-en.js,
// lang-fr.js, lang-de.js). The checker's own messages (about a pasted text) come from core, in
// the page's language (core translates them); everything the page says around them is in those
// files.
// The verdicts allow / deny / ask and reason codes stay as they are: they are the JSON's words.
//
// Static elements name their key in data-i18n (textContent), data-i18n-placeholder,
// data-i18n-title or data-i18n-aria-label; applyI18n fills them. A key with ".one" beside it
// is used when the variable n is in the CLDR plural category "one" of the language (1 in English
// and German, 0 and 1 in French), so a ".one" form writes {n}, never a literal 1.

/** @typedef {Record<string, string>} Strings */

import { de } from './lang-de.js';
import { en } from './lang-en.js';
import { fr } from './lang-fr.js';

/** @type {Record<string, Strings>} */
export const catalogs = { en, fr, de };

/** The languages the page speaks, in the order the picker lists them. */
export const languages = ['en', 'fr', 'de'];

let current = 'en';

/**
 * pickLanguage chooses the first of the browser's languages the page speaks; English otherwise.
 * @param {readonly string[]} preferred e.g. navigator.languages
 */
export function pickLanguage(preferred) {
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (languages.includes(base)) return base;
  }
  return 'en';
}

/**
 * setLanguage switches the language of t(); an unknown code means English.
 * @param {string} code
 * @returns {string} the language now in use
 */
export function setLanguage(code) {
  current = languages.includes(code) ? code : 'en';
  return current;
}

/** @returns {string} */
export function currentLanguage() {
  return current;
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * pluralCategory is the CLDR plural category of n in a language: "one" or "other" in English
 * and German (one is 1 alone), and in French, where "one" covers 0 and 1 ("0 problème").
 * @param {string} lang
 * @param {number} n
 */
export function pluralCategory(lang, n) {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(n);
}

/**
 * template finds a key's words in one language: with a count, the form of its plural category
 * ("key.one") when the language has one, else the key's own (its "other" form).
 * @param {Strings} strings
 * @param {string} lang
 * @param {string} key
 * @param {unknown} n
 */
function template(strings, lang, key, n) {
  if (typeof n === 'number') {
    const form = strings[`${key}.${pluralCategory(lang, n)}`];
    if (form !== undefined) return form;
  }
  return strings[key];
}

/**
 * t returns the string for key in the current language (English if it has none), with {name}
 * replaced by vars.name. When vars.n is a number, the form of its plural category in that
 * language is used ("key.one"; the key itself is the other form).
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 * @param {string} [fallback] returned when no language has the key (default: the key itself)
 */
export function t(key, vars = {}, fallback) {
  const words = template(catalogs[current], current, key, vars.n) ?? template(en, 'en', key, vars.n);
  if (words === undefined) return fallback ?? key;
  return words.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/**
 * tCount is t for a count alone: "{n} problems" with n written the language's way (17 398).
 * @param {string} key
 * @param {number} n
 */
export function tCount(key, n) {
  return t(key, { n }).replace(String(n), new Intl.NumberFormat(current).format(n));
}

/**
 * tList joins phrases the language's way ("a, b and c").
 * @param {string[]} phrases
 */
export function tList(phrases) {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(phrases);
}

/**
 * applyI18n fills every element under root that names a key in a data-i18n* attribute.
 * @param {ParentNode} root
 */
export function applyI18n(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const key = /** @type {HTMLElement} */ (el).dataset.i18n;
    if (key) el.textContent = t(key);
  }
  /** @type {Array<[string, string]>} */
  const attributes = [['i18nPlaceholder', 'placeholder'], ['i18nTitle', 'title'], ['i18nAriaLabel', 'aria-label']];
  for (const [data, attribute] of attributes) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}]`;
    for (const el of root.querySelectorAll(selector)) {
      const key = /** @type {HTMLElement} */ (el).dataset[data];
      if (key) el.setAttribute(attribute, t(key));
    }
  }
}
