/// <reference lib="dom" />
/**
 * Building the page's elements. Text always goes in as text nodes (never as HTML), so nothing
 * the API or a player sends can become markup. Styles are classes and data attributes only:
 * the page's Content-Security-Policy allows no inline style.
 */
type Child = Node | string | number | null | undefined | false;
type Attributes = Readonly<Record<string, string | number | boolean | null | undefined>>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces what `parent` holds. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}
