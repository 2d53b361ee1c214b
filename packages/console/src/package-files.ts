// Files the console reads at run time, found from this module's folder: src/ when it runs from
// source, dist/ once built (the build bundles it into a file directly in dist/). Both lie one
// level below the package, so keep this module at the top of src/.

/** The console's stylesheet and script. */
export const CONSOLE_STYLESHEET = new URL('../assets/console.css', import.meta.url);
export const CONSOLE_SCRIPT = new URL('../assets/console.js', import.meta.url);
/** Chart.js as its authors build it for browsers (the inbox's charts). */
export const CHART_SCRIPT = new URL('../node_modules/chart.js/dist/chart.umd.min.js', import.meta.url);
