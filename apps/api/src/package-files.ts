// Files the service reads at run time, found from this module's folder: src/ when it runs from
// source, dist/ once built (the build bundles it into a file directly in dist/). Both lie one
// level below the package, so keep this module at the top of src/.

/** The root package.json, whose version is the service's. */
export const ROOT_PACKAGE = new URL('../../../package.json', import.meta.url);
/** docs/API.md, served as the /docs page. */
export const API_DOCS = new URL('../../../docs/API.md', import.meta.url);
/** The periodic-table pages' stylesheet. */
export const PAGES_STYLESHEET = new URL('../assets/pages.css', import.meta.url);
