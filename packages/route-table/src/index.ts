export { CATEGORIES, type Category, displayPath, type Method, pathMatcher, type RouteDef } from './table';
