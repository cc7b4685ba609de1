/** The markdown module's public surface: what other modules may use. */
export { renderMarkdown } from './markdown.ts';
