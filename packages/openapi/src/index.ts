export { openApiDocument } from './openapi';
