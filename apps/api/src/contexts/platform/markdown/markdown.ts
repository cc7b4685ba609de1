import MarkdownIt from 'markdown-it';

/**
 * Help pages are Markdown written by operators and shown inside the member site, so what we
 * render must be safe whoever wrote it: raw HTML is escaped (html: false), and links and images
 * keep only the schemes we allow. markdown-it escapes every text and attribute it writes, so
 * no script, event attribute or style can come out of the source.
 */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True for relative addresses and for http, https and mailto ones. */
export function isSafeLink(url: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are what we strip here
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
markdown.validateLink = isSafeLink;

const defaultLinkOpen = markdown.renderer.rules.link_open;
// Links that leave the site open in a new window without handing it our window or referrer.
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^(https?:)?\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

/** Renders a help page's Markdown to HTML that is safe to put in the page as it is. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
