// Runs in the page (sent as source by every engine's driver): finds the elements a chain of steps describes, the way
// Playwright's role, label and text locators do (roles and accessible names from the DOM, hidden elements left out
// of role queries), then reads or marks them. One implementation for every engine, so a locator means the same thing
// in Chromium, Firefox and WebKit.

export type TextMatch = { readonly string: string } | { readonly source: string; readonly flags: string };

export type Step =
  | { readonly kind: 'css'; readonly selector: string; readonly hasText?: TextMatch }
  | { readonly kind: 'role'; readonly role: string; readonly name?: TextMatch; readonly exact?: boolean }
  | { readonly kind: 'text'; readonly text: TextMatch; readonly exact?: boolean }
  | { readonly kind: 'label'; readonly text: TextMatch; readonly exact?: boolean }
  | { readonly kind: 'filter'; readonly hasText: TextMatch }
  | { readonly kind: 'nth'; readonly index: number };

export type Op =
  | 'count'
  | 'state'
  | 'text'
  | 'attr'
  | 'value'
  | 'checked'
  | 'disabled'
  | 'mark'
  | 'focus'
  | 'box'
  | 'select'
  | 'files'
  | 'evaluateAll';

export interface Query {
  readonly steps: readonly Step[];
  readonly op: Op;
  readonly arg?: string;
}

/** `count` is how many elements matched; single-element operations read the first (the caller insists on one). */
export interface Answer {
  readonly count: number;
  readonly visible: boolean;
  readonly enabled: boolean;
  readonly value: unknown;
}

export function runQuery({ steps, op, arg }: Query): Answer {
  const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (match: TextMatch, value: string, exact = false): boolean => {
    if ('source' in match) return new RegExp(match.source, match.flags).test(value);
    const wanted = norm(match.string);
    return exact ? value === wanted : value.toLowerCase().includes(wanted.toLowerCase());
  };
  const rendered = (element: Element): boolean => {
    const check = (element as Element & { checkVisibility?: (options: object) => boolean }).checkVisibility;
    if (check) return check.call(element, { visibilityProperty: true });
    return element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible';
  };
  // Playwright's "visible": rendered with a box that is not empty.
  const visible = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && rendered(element);
  };
  const inAccessibilityTree = (element: Element) =>
    element.closest('[aria-hidden="true"]') === null && rendered(element);

  const contentText = (node: Node): string => {
    let out = '';
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) out += child.textContent ?? '';
      if (!(child instanceof Element)) continue;
      if (child.getAttribute('aria-hidden') === 'true' || !rendered(child)) continue;
      if (['input', 'textarea', 'select', 'script', 'style'].includes(child.localName)) continue;
      const label = child.getAttribute('aria-label');
      const inner =
        label?.trim() || (child.localName === 'img' ? (child.getAttribute('alt') ?? '') : contentText(child));
      const inline = getComputedStyle(child).display.startsWith('inline');
      out += inline ? inner : ` ${inner} `;
    }
    return out;
  };
  const NAME_FROM_CONTENT = new Set([
    'button',
    'link',
    'heading',
    'switch',
    'checkbox',
    'radio',
    'tab',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'option',
    'cell',
    'columnheader',
    'rowheader',
    'row',
    'tooltip',
    'treeitem',
  ]);
  const roleOf = (element: Element): string | null => {
    const explicit = element.getAttribute('role')?.trim();
    if (explicit) return explicit.split(/\s+/)[0] ?? null;
    const tag = element.localName;
    if (tag === 'input') {
      const type = (element.getAttribute('type') ?? 'text').toLowerCase();
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'search') return element.hasAttribute('list') ? 'combobox' : 'searchbox';
      if (['text', 'email', 'tel', 'url', 'password'].includes(type))
        return element.hasAttribute('list') ? 'combobox' : 'textbox';
      if (type === 'number') return 'spinbutton';
      if (type === 'range') return 'slider';
      return null;
    }
    if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : null;
    if (tag === 'select')
      return (element as HTMLSelectElement).multiple || (element as HTMLSelectElement).size > 1
        ? 'listbox'
        : 'combobox';
    if (tag === 'section' || tag === 'form')
      return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby')
        ? tag === 'section'
          ? 'region'
          : 'form'
        : null;
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img') return element.getAttribute('alt') === '' ? 'presentation' : 'img';
    const implicit: Record<string, string> = {
      button: 'button',
      textarea: 'textbox',
      nav: 'navigation',
      main: 'main',
      aside: 'complementary',
      dialog: 'dialog',
      fieldset: 'group',
      details: 'group',
      output: 'status',
      ul: 'list',
      ol: 'list',
      li: 'listitem',
      table: 'table',
      progress: 'progressbar',
      option: 'option',
      article: 'article',
      hr: 'separator',
    };
    return implicit[tag] ?? null;
  };
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return norm(
        labelledBy
          .split(/\s+/)
          .map((id) => {
            const target = document.getElementById(id);
            return target ? target.getAttribute('aria-label') || contentText(target) : '';
          })
          .join(' '),
      );
    }
    const label = element.getAttribute('aria-label');
    if (label?.trim()) return norm(label);
    const tag = element.localName;
    // The labelable elements take their name from their <label>s (`<label for>` or around them).
    if (['input', 'textarea', 'select', 'progress', 'meter', 'output'].includes(tag)) {
      const input = element as HTMLInputElement;
      if (tag === 'input' && ['button', 'submit', 'reset'].includes(input.type)) return norm(input.value);
      const labels = Array.from(input.labels ?? []);
      if (labels.length > 0) return norm(labels.map(contentText).join(' '));
      return norm(element.getAttribute('title') ?? element.getAttribute('placeholder'));
    }
    if (tag === 'fieldset') {
      const legend = element.querySelector(':scope > legend');
      if (legend) return norm(contentText(legend));
    }
    if (tag === 'img') return norm(element.getAttribute('alt'));
    const role = roleOf(element);
    if (role && NAME_FROM_CONTENT.has(role)) {
      const name = norm(contentText(element));
      if (name) return name;
    }
    return norm(element.getAttribute('title'));
  };
  const below = (scope: Element | Document) => Array.from(scope.querySelectorAll('*'));
  const innermostWithText = (scope: Element | Document, match: TextMatch, exact?: boolean) =>
    below(scope).filter((element) => {
      if (['script', 'style', 'head', 'title'].includes(element.localName)) return false;
      if (!matches(match, norm(element.textContent), exact)) return false;
      return !Array.from(element.children).some((child) => matches(match, norm(child.textContent), exact));
    });

  let current: Element[] = [document.documentElement];
  let fromDocument = true;
  for (const step of steps) {
    const scopes: (Element | Document)[] = fromDocument ? [document] : current;
    const found = (pick: (scope: Element | Document) => Element[]) => {
      const all = new Set<Element>();
      for (const scope of scopes) for (const element of pick(scope)) all.add(element);
      return Array.from(all).sort((a, b) =>
        a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
      );
    };
    if (step.kind === 'css') {
      current = found((scope) =>
        Array.from(scope.querySelectorAll(step.selector)).filter(
          (element) => !step.hasText || matches(step.hasText, norm(element.textContent)),
        ),
      );
    } else if (step.kind === 'role') {
      current = found((scope) =>
        below(scope).filter(
          (element) =>
            roleOf(element) === step.role &&
            inAccessibilityTree(element) &&
            (!step.name || matches(step.name, nameOf(element), step.exact)),
        ),
      );
    } else if (step.kind === 'text') {
      current = found((scope) => innermostWithText(scope, step.text, step.exact));
    } else if (step.kind === 'label') {
      current = found((scope) =>
        below(scope).filter(
          (element) =>
            ['input', 'textarea', 'select'].includes(element.localName) &&
            matches(step.text, nameOf(element), step.exact),
        ),
      );
    } else if (step.kind === 'filter') {
      current = current.filter((element) => matches(step.hasText, norm(element.textContent)));
    } else {
      const index = step.index < 0 ? current.length + step.index : step.index;
      current = current[index] ? [current[index]] : [];
    }
    fromDocument = false;
  }

  const first = current[0] as HTMLElement | undefined;
  const enabled =
    first !== undefined &&
    !(first as HTMLButtonElement).disabled &&
    first.closest('[aria-disabled="true"], fieldset:disabled') === null;
  const answer = (value: unknown): Answer => ({
    count: current.length,
    visible: first !== undefined && visible(first),
    enabled,
    value,
  });
  if (op === 'evaluateAll') {
    // The caller's function arrives as its source (the page has no script policy against compiling it).
    const fn = new Function(`return (${arg});`)() as (elements: Element[]) => unknown;
    return answer(fn(current));
  }
  if (!first || op === 'count' || op === 'state') return answer(null);
  switch (op) {
    case 'text':
      return answer(first.textContent);
    case 'attr':
      return answer(first.getAttribute(arg ?? ''));
    case 'value':
      return answer((first as HTMLInputElement).value);
    case 'checked':
      return answer(
        first instanceof HTMLInputElement ? first.checked : first.getAttribute('aria-checked') === 'true',
      );
    case 'disabled':
      return answer(!enabled);
    case 'mark':
      for (const old of Array.from(document.querySelectorAll('[data-e2e-pick]')))
        old.removeAttribute('data-e2e-pick');
      first.setAttribute('data-e2e-pick', arg ?? '');
      {
        // As Playwright waits before it clicks: the element is where a click at its middle lands (nothing covers
        // it), and its box has stopped moving (the caller compares two answers). It is scrolled to only when it is
        // not already reachable, as Playwright does: WebKit moves an element already in view by a pixel back and
        // forth on every scrollIntoView in some scroll containers, so it would never be still.
        const reachable = () => {
          const box = first.getBoundingClientRect();
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
          const hit = inView ? document.elementFromPoint(x, y) : null;
          return { box, receives: hit !== null && (hit === first || first.contains(hit)) };
        };
        let place = reachable();
        if (!place.receives) {
          first.scrollIntoView({ block: 'center', inline: 'center' });
          place = reachable();
        }
        return answer({
          box: [place.box.x, place.box.y, place.box.width, place.box.height].join(),
          receives: place.receives,
        });
      }
    case 'focus':
      first.focus();
      return answer(null);
    case 'box': {
      const box = first.getBoundingClientRect();
      return answer({ x: box.x, y: box.y, width: box.width, height: box.height });
    }
    case 'select': {
      // As Playwright's selectOption: the option by value or label is selected, then input and change fire.
      const select = first as unknown as HTMLSelectElement;
      const option = Array.from(select.options).find(
        (candidate) => candidate.value === arg || norm(candidate.label) === arg,
      );
      if (!option) return answer(`no option ${arg}`);
      option.selected = true;
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return answer(null);
    }
    case 'files': {
      // As Playwright's setInputFiles: the files are put in the input, then input and change fire.
      const { name, type, text } = JSON.parse(arg ?? '{}') as { name: string; type: string; text: string };
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type }));
      (first as HTMLInputElement).files = transfer.files;
      first.dispatchEvent(new Event('input', { bubbles: true }));
      first.dispatchEvent(new Event('change', { bubbles: true }));
      return answer(null);
    }
  }
  return answer(null);
}

/** Replaces a field's value as the platform's text insertion does (what paste and input methods use), so the page's
 * input events fire as for typing, without sending thousands of keystrokes over a WebDriver connection. Returns why
 * it could not (a WebDriver client would retry a script that throws). */
export function insertText({ selector, text }: { selector: string; text: string }): string | null {
  const field = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement | null;
  if (!field) return `no field matches ${selector}`;
  field.focus();
  field.select();
  if (text === '') document.execCommand('delete');
  else document.execCommand('insertText', false, text);
  return field.value === text
    ? null
    : `the field holds ${JSON.stringify(field.value)}, not the text inserted`;
}

/** Runs `insertText` through a driver's `evaluate` and throws what it reports. */
export async function fillBy(
  evaluate: (fn: typeof insertText, arg: { selector: string; text: string }) => Promise<string | null>,
  selector: string,
  text: string,
): Promise<void> {
  const problem = await evaluate(insertText, { selector, text });
  if (problem) throw new Error(problem);
}
