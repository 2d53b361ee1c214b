export { renderMarkdown } from './markdown';
