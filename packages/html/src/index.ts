export { escapeHtml } from './escape';
export { type Html, html, htmlText, markup } from './html-template';
