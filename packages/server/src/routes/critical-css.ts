/**
 * The critical CSS of a rendered page (issue 33): the rules of its stylesheets that can apply to
 * its markup, inlined in the head so that the first paint waits for no stylesheet; the
 * stylesheets themselves are linked at the end of the body (server-render.ts `insertRendered`),
 * where they no longer hold the first paint back, and bring the rest for the app.
 *
 * A rule is kept when one of its selectors names only classes the markup has (the classes of its
 * compound selectors, not those inside `:not()`, `:is()`… which the rule may match without): a
 * superset of the rules that match, so the page looks the same before and after the stylesheets
 * come. Rules that name no class (`:root`, elements, attributes such as `[data-theme=dark]`)
 * are kept, and the at-rules around kept rules (`@media`, `@container`, `@supports`); a
 * `@keyframes` is kept when a kept rule names it.
 *
 * Each sheet is parsed once (postcss, css-what); a page's selection is then set lookups, well under
 * a millisecond for a ranking's markup.
 */
import { parse as parseSelector } from 'css-what';
import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';

/** A sheet's top-level nodes with what each needs of the markup. */
type Node =
  | { kind: 'rule'; text: string; needs: string[][] | null }
  | { kind: 'group'; open: string; children: Node[] }
  | { kind: 'keyframes'; name: string; text: string }
  | { kind: 'always'; text: string };

/**
 * The classes each selector of `selector` needs, or null when one of them needs none (the rule
 * may match anything): null too for a selector css-what cannot read (kept, to be safe).
 */
export function classesNeeded(selector: string): string[][] | null {
  let parsed;
  try {
    parsed = parseSelector(selector);
  } catch {
    return null;
  }
  const needs: string[][] = [];
  for (const tokens of parsed) {
    const classes = tokens.flatMap((t) =>
      t.type === 'attribute' && t.name === 'class' && t.action === 'element' ? [t.value] : [],
    );
    if (classes.length === 0) return null;
    needs.push(classes);
  }
  return needs;
}

function nodesOf(container: Container): Node[] {
  const out: Node[] = [];
  container.each((child: ChildNode) => {
    if (child.type === 'rule') {
      const rule = child as Rule;
      out.push({ kind: 'rule', text: rule.toString(), needs: classesNeeded(rule.selector) });
    } else if (child.type === 'atrule') {
      const at = child as AtRule;
      const name = at.name.toLowerCase();
      if (/^(-[a-z]+-)?keyframes$/.test(name)) {
        out.push({ kind: 'keyframes', name: at.params.trim(), text: at.toString() });
      } else if (at.nodes && ['media', 'container', 'supports', 'layer'].includes(name)) {
        out.push({ kind: 'group', open: `@${at.name} ${at.params}`.trim(), children: nodesOf(at) });
      } else if (name !== 'charset' && name !== 'import') {
        // @font-face, @property, a @layer statement…: small, and cannot be matched to markup
        out.push({ kind: 'always', text: at.toString() });
      }
    }
  });
  return out;
}

/** The classes the markup's elements have (`class="…"`, as React renders them). */
export function classesIn(markup: string): Set<string> {
  const used = new Set<string>();
  for (const m of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

function select(nodes: Node[], used: Set<string>, keyframes: Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'rule') {
      if (!node.needs || node.needs.some((classes) => classes.every((c) => used.has(c))))
        out += node.text;
    } else if (node.kind === 'group') {
      const inner = select(node.children, used, keyframes);
      if (inner) out += `${node.open}{${inner}}`;
    } else if (node.kind === 'keyframes') {
      keyframes.push(node);
    } else {
      out += node.text;
    }
  }
  return out;
}

export class CriticalCss {
  private readonly sheets = new Map<string, Node[] | null>();

  /** `read` gives a sheet's text by its path (`/assets/…css`), undefined when there is none. */
  constructor(private readonly read: (href: string) => string | undefined) {}

  private sheet(href: string): Node[] | null {
    if (!this.sheets.has(href)) {
      const text = this.read(href);
      let nodes: Node[] | null = null;
      if (text !== undefined) {
        try {
          nodes = nodesOf(postcss.parse(text));
        } catch {
          nodes = null;
        }
      }
      this.sheets.set(href, nodes);
    }
    return this.sheets.get(href)!;
  }

  /**
   * The rules of `hrefs` (in their order) that may apply to `markup`, or null when a sheet cannot
   * be read (the page then links its stylesheets in the head, as without this).
   */
  forMarkup(hrefs: readonly string[], markup: string): string | null {
    const used = classesIn(markup);
    let css = '';
    const keyframes: Node[] = [];
    for (const href of hrefs) {
      const nodes = this.sheet(href);
      if (!nodes) return null;
      css += select(nodes, used, keyframes);
    }
    for (const node of keyframes) {
      if (node.kind !== 'keyframes') continue;
      const name = node.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`).test(css)) css += node.text;
    }
    // never anything that would end the style element early
    return /<\/style/i.test(css) ? null : css;
  }
}
