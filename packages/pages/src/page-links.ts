/**
 * The service writes its pages with root-relative links (`href="/elements"`). With PUBLIC_URL
 * set they become absolute on it, so they hold under a path prefix behind a proxy
 * (`https://example.com/companion/elements`); without it they stay as written. Either way no
 * part of a request (its Host header) reaches them. Only attributes the service writes start
 * with `href="/`: text in a page is escaped, so its quotes cannot open an attribute.
 */
export function pageLinks(publicUrl: string | null | undefined): (html: string) => string {
  if (!publicUrl) return (html) => html;
  return (html) => html.replace(/(\s(?:href|src|action)=")\/(?!\/)/g, `$1${publicUrl}/`);
}
