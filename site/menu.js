// The Examples menu: a button that opens a list of examples in a popover. An example loads only
// when it is chosen (a click, Enter or Space on it): moving through the list with the arrow keys
// loads nothing, and Escape or a click elsewhere closes it (the browser's popover does both).

import { h, replace } from './dom.js';
import { t } from './i18n.js';

/**
 * @typedef {{label: string, items: Array<{id: string, label: string}>}} ExampleGroup
 */

let menus = 0;

export class ExampleMenu {
  /**
   * @param {{id: string, groups: () => ExampleGroup[], onChoose: (id: string) => void}} options
   *   groups is called again on relabel, for the labels in the current language.
   */
  constructor({ id, groups, onChoose }) {
    this.groups = groups;
    this.onChoose = onChoose;
    const popoverId = `${id}-menu-${++menus}`;
    this.list = h('div', {
      id: popoverId, class: 'example-menu', popover: 'auto', role: 'menu',
      dataset: { i18nAriaLabel: 'result.examples' },
      onkeydown: (/** @type {KeyboardEvent} */ event) => this.keydown(event),
    });
    this.list.addEventListener('toggle', (event) => {
      const open = /** @type {ToggleEvent} */ (event).newState === 'open';
      this.button.setAttribute('aria-expanded', String(open));
      if (open) this.items()[0]?.focus();
    });
    this.button = h('button', {
      type: 'button', id, class: 'example-button', popovertarget: popoverId,
      'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-controls': popoverId,
    });
    this.el = h('span', { class: 'example-menu-wrap' }, this.button, this.list);
    this.relabel();
  }

  /** @returns {HTMLButtonElement[]} */
  items() {
    return [...this.list.querySelectorAll('[role=menuitem]')];
  }

  relabel() {
    this.button.textContent = `${t('result.examples')} ▾`;
    this.list.setAttribute('aria-label', t('result.examples'));
    replace(this.list, this.groups().map((group, g) => {
      const labelId = `${this.list.id}-group-${g}`;
      return h('div', { role: 'group', 'aria-labelledby': labelId },
        h('div', { class: 'example-group', id: labelId, role: 'presentation' }, group.label),
        group.items.map((item) => h('button', {
          type: 'button', role: 'menuitem', tabindex: '-1', dataset: { example: item.id },
          onclick: () => this.choose(item.id),
        }, item.label)));
    }));
  }

  /** @param {string} id */
  choose(id) {
    this.list.hidePopover();
    this.button.focus();
    this.onChoose(id);
  }

  /** Arrows, Home and End move between the examples; Tab closes the menu. @param {KeyboardEvent} event */
  keydown(event) {
    const items = this.items();
    const at = items.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (event.key === 'Tab') {
      this.list.hidePopover();
      return;
    }
    if (to === undefined) return;
    event.preventDefault();
    items[(to + items.length) % items.length]?.focus();
  }
}
