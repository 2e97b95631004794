// The page: three panes over one checker (a Web Worker running gatehouse.wasm), the whole state
// kept in the URL fragment so a link restores every pane, and nothing sent anywhere.

import { Checker } from './checker.js';
import { copyText, h } from './dom.js';
import { applyI18n, languages, pickLanguage, setLanguage, t } from './i18n.js';
import { startsOnSchemaModule } from './linkpane.js';
import { DecisionPane } from './pane-decision.js';
import { DiffPane } from './pane-diff.js';
import { SchemaPane } from './pane-schema.js';
import { clearState, keepState, keptState } from './store.js';
import { useLimits } from './render.js';
import { humanSize } from './text.js';

/**
 * @typedef {import('./gatehouse').State} State
 * @typedef {'schema' | 'decision' | 'diff'} PaneName
 */


/** @type {PaneName[]} */
const paneNames = ['schema', 'decision', 'diff'];

/** @param {string} id */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page lacks #${id}`);
  return el;
}

const checker = new Checker(checkerSource());

/**
 * checkerSource says where the checker's worker is: worker.js beside the page, with the Schema
 * module loaded first (the whole module first for a link to another pane), or, in the
 * single-file page (`make single`), the worker and the whole module carried inside the page.
 * @returns {import('./checker.js').CheckerSource}
 */
function checkerSource() {
  const worker = document.getElementById('gatehouse-worker');
  const wasm = document.getElementById('gatehouse-wasm');
  if (!worker || !wasm) {
    // A link to a pane the Schema module cannot check starts on the whole module (linkpane.js).
    const onSchema = startsOnSchemaModule(location.hash);
    return {
      workerURL: 'worker.js', workerType: 'module',
      firstModule: onSchema ? 'gatehouse-schema.wasm' : undefined,
      fallbackModule: onSchema ? undefined : 'gatehouse-schema.wasm',
    };
  }
  // The single file's worker is one classic script: a page opened from file:// may not start a
  // module worker from a blob: URL.
  const workerURL = URL.createObjectURL(new Blob([worker.textContent ?? ''], { type: 'text/javascript' }));
  return { workerURL, workerType: 'classic', wasmGzipBase64: (wasm.textContent ?? '').trim() };
}

/** @type {PaneName} */
let activePane = 'schema';
let lang = pickLanguage(navigator.languages ?? [navigator.language]);
/** No fragment is written before the one the page was opened with has been read. */
let restored = false;
/** The fragment this page last wrote (or read), so a hashchange that is our own is ignored. */
let currentFragment = '';

const onChange = () => saveState();
const panes = {
  schema: new SchemaPane({ checker, onChange }),
  decision: new DecisionPane({ checker, onChange }),
  diff: new DiffPane({ checker, onChange }),
};
for (const name of paneNames) byId(`pane-${name}`).append(panes[name].el);

const tabs = paneNames.map((name) => /** @type {HTMLButtonElement} */ (byId(`tab-${name}`)));
const langSelect = /** @type {HTMLSelectElement} */ (byId('lang'));
const notice = byId('notice');
const checkerStatus = byId('checker-status');
const shareBox = byId('share-box');
const shareLink = /** @type {HTMLInputElement} */ (byId('share-link'));
const shareMessage = byId('share-message');
const noticeAction = /** @type {HTMLButtonElement} */ (byId('notice-action'));

/** Every editor of every pane. */
const editors = () => Object.values(panes).flatMap((pane) => pane.editors());
/** @param {boolean} on */
const setReadOnly = (on) => { for (const editor of editors()) editor.readOnly = on; };

// ---- Panes and tabs -----------------------------------------------------------------------

/**
 * @param {PaneName} name
 * @param {{focus?: boolean}} [options]
 */
function showPane(name, { focus = false } = {}) {
  activePane = paneNames.includes(name) ? name : 'schema';
  for (const [i, pane] of paneNames.entries()) {
    const selected = pane === activePane;
    tabs[i].setAttribute('aria-selected', String(selected));
    tabs[i].tabIndex = selected ? 0 : -1;
    byId(`pane-${pane}`).hidden = !selected;
  }
  if (focus) tabs[paneNames.indexOf(activePane)].focus();
  document.body.dataset.pane = activePane;
  checker.warm(activePane); // its worker starts when the pane is first shown
}

for (const [i, tab] of tabs.entries()) {
  tab.addEventListener('click', () => {
    showPane(paneNames[i]);
    saveState();
  });
  // The tab list is one stop for Tab; arrows, Home and End move between tabs (WAI-ARIA tabs).
  tab.addEventListener('keydown', (event) => {
    const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: paneNames.length - 1 };
    const to = moves[/** @type {keyof typeof moves} */ (event.key)];
    if (to === undefined) return;
    event.preventDefault();
    showPane(paneNames[(to + paneNames.length) % paneNames.length], { focus: true });
    saveState();
  });
}

// ---- Language -----------------------------------------------------------------------------

for (const code of languages) langSelect.append(h('option', { value: code }, t(`lang.${code}`, {}, code)));
langSelect.addEventListener('change', () => {
  applyLanguage(langSelect.value);
  saveState();
});

/** @param {string} code */
function applyLanguage(code) {
  lang = setLanguage(code);
  langSelect.value = lang;
  document.documentElement.lang = lang;
  applyI18n(document);
  for (const pane of Object.values(panes)) pane.relabel();
  applyI18n(document);
  renderCheckerStatus();
}

// ---- State in the fragment ----------------------------------------------------------------

/** @returns {State} */
function currentState() {
  return {
    pane: activePane,
    panes: { schema: panes.schema.getState(), decision: panes.decision.getState(), diff: panes.diff.getState() },
    options: { lang },
  };
}

let saveTimer = 0;
/**
 * saveState writes the fragment a little after the last change. Encoding runs in the worker,
 * before the next check, so large texts wait longer for a pause in the typing.
 */
function saveState() {
  if (!restored) return;
  clearTimeout(saveTimer);
  let size = 0;
  for (const editor of editors()) size += editor.length;
  saveTimer = window.setTimeout(() => size > keepOver ? keepInBrowser() : writeFragment(), size > 1_000_000 ? 1500 : 300);
}

/**
 * Texts longer than this (2 MB together) are not encoded for the address bar as they change:
 * their link would be far over addressBarMax, so they go straight to this browser's storage
 * (Share still encodes them, and says when they are too large for any link).
 */
const keepOver = 2_000_000;

async function keepInBrowser() {
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  currentFragment = '';
  noteKept(await keepState(currentState()));
}

/**
 * noteKept says, once, that the texts now live in this browser rather than in the address bar.
 * @param {boolean} kept
 */
function noteKept(kept) {
  if (kept && !keptInBrowser && notice.hidden) {
    showNotice(t('share.keptNow'), 'warn', 'kept', { label: t('share.clearKept'), run: clearKept });
  }
  keptInBrowser = kept;
}

/**
 * Longer fragments are not put in the address bar as the texts change: browsers take time that
 * grows faster than the URL (measured in Chromium: 23 ms at 16 KB, 110 ms at 64 KB, 770 ms at
 * 256 KB), which would freeze the page after each pause in the typing. Such texts are kept in
 * this browser instead, and Share still makes the link.
 */
const addressBarMax = 32_000;

/**
 * writeFragment encodes the state now and puts it in the address bar (history.replaceState, so
 * typing does not fill the history). Resolves to the URL, or null when there is none to share.
 * Unless sharing, a state whose fragment is over addressBarMax is kept in this browser instead.
 * @param {{share?: boolean}} [options]
 * @returns {Promise<string | null>}
 */
async function writeFragment({ share = false } = {}) {
  clearTimeout(saveTimer);
  const state = currentState();
  const answer = await checker.call('encodeState', state);
  const problems = answer.problems ?? [];
  // The checker refuses a state whose link browsers would cut (a "limit" problem, at the limit
  // it states in about()).
  const maxFragment = checker.about?.limits.fragmentBytes ?? 0;
  const tooLarge = problems.some((/** @type {any} */ p) => p.kind === 'limit' && p.source === 'fragment') ||
    (maxFragment > 0 && typeof answer.fragment === 'string' && answer.fragment.length > maxFragment);
  if (tooLarge) {
    currentFragment = '';
    history.replaceState(null, '', location.pathname + location.search);
    // Too large for a link, the texts are kept in this browser instead, so a reload keeps them.
    const kept = await keepState(state);
    showNotice(t(kept ? 'share.tooLargeKept' : 'share.tooLarge', { max: humanSize(maxFragment) }), 'warn', 'too-large',
      kept ? { label: t('share.clearKept'), run: clearKept } : undefined);
    return null;
  }
  if (typeof answer.fragment !== 'string' || answer.fragment === '' || problems.length) {
    showNotice(t('share.encodeFailed', { message: problems[0]?.message ?? '?' }), 'warn', 'encode');
    return null;
  }
  if (notice.dataset.code === 'too-large' || notice.dataset.code === 'encode') hideNotice();
  if (!share && answer.fragment.length > addressBarMax) {
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    currentFragment = '';
    noteKept(await keepState(state));
    return null;
  }
  if (notice.dataset.code === 'kept') hideNotice();
  if (keptInBrowser) {
    keptInBrowser = false;
    clearState(); // the link holds the texts now
  }
  currentFragment = answer.fragment;
  if (location.hash !== answer.fragment) history.replaceState(null, '', answer.fragment);
  return location.href;
}

/** restoreFromFragment opens the link's state; a damaged one says so and leaves empty panes. */
async function restoreFromFragment() {
  const fragment = location.hash;
  currentFragment = fragment;
  if (fragment === '' || fragment === '#' || checker.failure) {
    // Without a link, the texts this browser kept (too large for a link) come back, and say so.
    const kept = checker.failure ? null : await keptState();
    applyState(kept?.state ?? null);
    if (kept) {
      keptInBrowser = true;
      showNotice(t('share.restoredKept', { when: new Date(kept.saved).toLocaleString(lang) }), 'warn', 'kept',
        { label: t('share.clearKept'), run: clearKept });
    }
    return;
  }
  const answer = await checker.call('decodeState', { fragment });
  const problems = answer.problems ?? [];
  if (!answer.state || problems.length) {
    applyState(null);
    showNotice(t('share.damaged', { message: problems.map((/** @type {any} */ p) => p.message).join('; ') || '?' }), 'bad', 'damaged');
    return;
  }
  hideNotice();
  applyState(answer.state);
}

/** @param {Partial<State> | null} state */
function applyState(state) {
  const s = state ?? {};
  /** @type {Partial<State['panes']>} */
  const p = s.panes ?? {};
  if (s.options?.lang && languages.includes(s.options.lang)) applyLanguage(s.options.lang);
  panes.schema.setState(p.schema ?? {});
  panes.decision.setState(p.decision ?? {});
  panes.diff.setState(p.diff ?? {});
  showPane(/** @type {PaneName} */ (s.pane ?? 'schema'));
}

/** Whether the texts on show came from (and are kept in) this browser's storage. */
let keptInBrowser = false;

/** clearKept forgets the texts kept in this browser and empties the panes. */
async function clearKept() {
  await clearState();
  keptInBrowser = false;
  hideNotice();
  applyState({ pane: activePane, options: { lang } });
}

window.addEventListener('hashchange', async () => {
  if (location.hash === currentFragment || !restored) return;
  // Someone pasted another link into this tab: open it.
  restored = false;
  setReadOnly(true);
  await restoreFromFragment();
  setReadOnly(false);
  restored = true;
});

// ---- Share --------------------------------------------------------------------------------

byId('share').addEventListener('click', async () => {
  shareMessage.textContent = t('share.making');
  const url = await writeFragment({ share: true });
  if (!url) {
    shareBox.hidden = true;
    return;
  }
  shareBox.hidden = false;
  shareLink.value = url;
  const copied = await copyText(url);
  shareMessage.textContent = copied ? t('share.copied') : t('share.copyYourself');
  if (!copied) shareLink.select();
  shareBox.dataset.ready = 'true';
});
function closeShareBox() {
  shareBox.hidden = true;
  byId('share').focus();
}
byId('share-close').addEventListener('click', closeShareBox);
// Escape closes the share box and the notice, as it closes the Examples menus.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  if (!shareBox.hidden) closeShareBox();
  else if (!notice.hidden && notice.contains(document.activeElement)) hideNotice();
});

// ---- Notices and the checker's status -----------------------------------------------------

/** @type {(() => void) | null} */
let noticeRun = null;

/**
 * @param {string} message
 * @param {'bad' | 'warn'} kind
 * @param {string} [code]
 * @param {{label: string, run: () => void}} [action] a button beside the message
 */
function showNotice(message, kind, code = '', action) {
  byId('notice-text').textContent = message;
  notice.className = `notice notice-${kind}`;
  notice.dataset.code = code;
  noticeAction.hidden = !action;
  noticeAction.textContent = action?.label ?? '';
  noticeRun = action?.run ?? null;
  notice.hidden = false;
}
noticeAction.addEventListener('click', () => noticeRun?.());

function hideNotice() {
  notice.hidden = true;
  notice.dataset.code = '';
}
byId('notice-close').addEventListener('click', hideNotice);

function renderCheckerStatus() {
  if (checker.failure) {
    checkerStatus.textContent = t('status.failed', { message: checker.failure });
    checkerStatus.dataset.state = 'failed';
  } else if (checker.loaded) {
    checkerStatus.textContent = t('status.ready', { version: checker.version });
    checkerStatus.dataset.state = 'ready';
  } else {
    checkerStatus.textContent = t('status.loading');
    checkerStatus.dataset.state = 'loading';
  }
}

// ---- Start --------------------------------------------------------------------------------

applyLanguage(lang);
showPane('schema');
setReadOnly(location.hash.length > 1);
document.body.dataset.checker = 'loading';

checker.ready.then(
  () => {
    document.body.dataset.checker = 'ready';
    useLimits(checker.about);
    // Milliseconds from navigation to a running checker, for whoever measures the page.
    document.body.dataset.readyMs = String(Math.round(performance.now()));
    document.body.dataset.startup = JSON.stringify(checker.startup[0] ?? {}); // the page's worker's steps
    document.body.dataset.firstModule = checker.wasmName(checker.firstKind) ?? ''; // the module it started on
    checker.prestarted.then(() => { document.body.dataset.lanesMs = String(Math.round(performance.now())); });
    renderCheckerStatus();
  },
  () => {
    document.body.dataset.checker = 'failed';
    renderCheckerStatus();
    showNotice(t('status.failed', { message: checker.failure ?? '?' }), 'bad', 'checker');
  },
).finally(async () => {
  await restoreFromFragment();
  setReadOnly(false);
  restored = true;
  document.body.dataset.restored = 'true';
});

if ('serviceWorker' in navigator && location.protocol !== 'file:' && !document.getElementById('gatehouse-wasm')) {
  // Offline once loaded: sw.js keeps the page's own files (and nothing else).
  navigator.serviceWorker.register('sw.js').catch(() => {});
  // The whole module is not installed with the page; once a pane has loaded it, it is kept for
  // offline use (sw.js, laterFiles), also when its worker fetched it before sw.js took the page.
  checker.slot('full').module.then((module) => module && navigator.serviceWorker.ready)
    .then((registration) => registration && registration.active?.postMessage({ type: 'keep', files: ['gatehouse.wasm'] }))
    .catch(() => {});
}
