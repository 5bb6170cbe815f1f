/**
 * antd-mobile renders a few controls that keyboards and screen readers cannot use: a clickable
 * List.Item is an <a> without href (not focusable, no role: it becomes a link), the clear icon of Input and SearchBar is
 * a bare div with a name, ActionSheet's actions are options with no list around them, NavBar's back
 * arrow has no name, TabBar's items are bare divs, and dialogs neither take the focus nor give it
 * back. Their props cannot reach these elements, so the apps install this once: it gives each its
 * role, name and keyboard focus as antd-mobile adds them to the page, and lets Enter and Space press
 * the ones that are not native buttons.
 */
function makeButton(element: Element, name?: string, role = 'button'): void {
  if (element.getAttribute('role') !== role) element.setAttribute('role', role);
  if (!element.hasAttribute('tabindex') && !element.closest('.adm-list-item-disabled')) element.setAttribute('tabindex', '0');
  if (name && element.getAttribute('aria-label') !== name) element.setAttribute('aria-label', name);
}

const LOADING_NAME = '处理中';

/** Each selector and what its elements get. Pressable ones also answer Enter and Space. */
const REPAIRS: readonly { selector: string; pressable: boolean; apply: (element: Element) => void }[] = [
  // A clickable list row opens another screen (or, with aria-expanded, shows more rows): a link.
  { selector: 'a.adm-list-item:not([href])', pressable: true, apply: (element) => makeButton(element, undefined, 'link') },
  { selector: 'a.adm-action-sheet-button-item', pressable: true, apply: (element) => makeButton(element) },
  // The clear icon is pressed by pointer only: a keyboard clears the field itself.
  { selector: '.adm-input-clear, .adm-virtual-input-clear', pressable: false, apply: (element) => element.getAttribute('role') !== 'button' && element.setAttribute('role', 'button') },
  // The cancel row wraps its own button; as an option it would need a list around it.
  { selector: '.adm-action-sheet-cancel[role]', pressable: false, apply: (element) => (element.removeAttribute('role'), element.removeAttribute('aria-label')) },
  // NavBar's left side is a nameless button around the back control, whose words are hidden from screen readers.
  { selector: '.adm-nav-bar-left[role]', pressable: false, apply: (element) => element.removeAttribute('role') },
  // A loading button shows only a spinner: it is named 处理中 and busy until its words come back.
  {
    selector: 'button.adm-button',
    pressable: false,
    apply: (element) => {
      const nameless = element.classList.contains('adm-button-loading') && !element.textContent?.trim() && !element.hasAttribute('aria-label');
      if (nameless) {
        element.setAttribute('aria-label', LOADING_NAME);
        element.setAttribute('aria-busy', 'true');
      } else if (!element.classList.contains('adm-button-loading') && element.getAttribute('aria-label') === LOADING_NAME) {
        element.removeAttribute('aria-label');
        element.removeAttribute('aria-busy');
      }
    },
  },
  // TabBar's items are links between the app's main screens; the active one is the current page.
  {
    selector: '.adm-tab-bar-item',
    pressable: true,
    apply: (element) => {
      makeButton(element, undefined, 'link');
      const current = element.classList.contains('adm-tab-bar-item-active');
      if (current && element.getAttribute('aria-current') !== 'page') element.setAttribute('aria-current', 'page');
      if (!current && element.hasAttribute('aria-current')) element.removeAttribute('aria-current');
    },
  },
  { selector: '.adm-nav-bar-back', pressable: true, apply: (element) => makeButton(element, element.textContent?.trim() || '返回') },
];
const PRESSABLE = REPAIRS.filter((repair) => repair.pressable).map((repair) => repair.selector);

function repair(root: Element): void {
  for (const { selector, apply } of REPAIRS) {
    if (root.matches(selector)) apply(root);
    for (const element of Array.from(root.querySelectorAll(selector))) apply(element);
  }
}

/** Dialogs (Dialog, Modal) and bottom sheets (Popup, ActionSheet, Picker) are modal. */
const DIALOGS = '.adm-center-popup-wrap[role=dialog], .adm-popup-body';
const opened = new Map<Element, Element | null>();

/** The dialogs at or below a node. */
const dialogsWithin = (node: Element): Element[] => [...(node.matches(DIALOGS) ? [node] : []), ...Array.from(node.querySelectorAll(DIALOGS))];

/** Popup keeps a closed sheet in the page and hides it with display: none on its wrapper. */
const hiddenByStyle = (element: Element): boolean => element.closest('[style*="display: none"]') !== null;

/** A dialog that appears takes the focus (unless something in it took it already) and remembers where it was. */
function takeFocus(dialog: Element): void {
  if (opened.has(dialog) || !(dialog instanceof HTMLElement)) return;
  if (dialog.classList.contains('adm-popup-body') && dialog.getAttribute('role') !== 'dialog') dialog.setAttribute('role', 'dialog');
  if (dialog.getAttribute('aria-modal') !== 'true') dialog.setAttribute('aria-modal', 'true');
  const title = dialog.querySelector('.adm-dialog-title, .adm-modal-title')?.textContent?.trim();
  if (title && !dialog.hasAttribute('aria-label') && !dialog.hasAttribute('aria-labelledby')) dialog.setAttribute('aria-label', title);
  const before = document.activeElement;
  opened.set(dialog, before && before !== document.body ? before : null);
  // After the dialog's own autofocus, if any.
  setTimeout(() => {
    if (!dialog.isConnected || dialog.contains(document.activeElement)) return;
    if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
    dialog.focus({ preventScroll: true });
  }, 0);
}

/** A dialog that goes gives the focus back to where it was, if the focus was left inside it or on nothing. */
function returnFocus(removed: Element): void {
  for (const [dialog, before] of opened) {
    if (dialog !== removed && !removed.contains(dialog)) continue;
    opened.delete(dialog);
    const focus = document.activeElement;
    if (before instanceof HTMLElement && before.isConnected && (!focus || focus === document.body || !focus.isConnected || dialog.contains(focus))) before.focus({ preventScroll: true });
  }
}

let installed = false;

/**
 * Repairs what is on the page and everything added later; Enter and Space press a repaired control;
 * a dialog takes the focus when it opens and returns it when it closes.
 */
export function installAccessibilityRepairs(root: HTMLElement = document.body): void {
  if (installed) return;
  installed = true;
  repair(root);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        repair(node);
        for (const dialog of dialogsWithin(node)) if (!hiddenByStyle(dialog)) takeFocus(dialog);
      }
      for (const node of Array.from(record.removedNodes)) if (node instanceof Element) returnFocus(node);
      if (record.type !== 'attributes' || !(record.target instanceof Element)) continue;
      if (record.attributeName === 'class') repair(record.target);
      // A sheet kept in the page is shown and hidden by its style: it takes and returns the focus as one added and removed.
      else for (const dialog of dialogsWithin(record.target)) (hiddenByStyle(dialog) ? returnFocus : takeFocus)(dialog);
    }
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style'] });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.tagName === 'BUTTON' || !PRESSABLE.some((selector) => target.matches(selector))) return;
    event.preventDefault();
    target.click();
  });
}
