/** A client that keeps cookies per origin and follows redirects one at a time, as a browser does. */
export class BrowserClient {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every Set-Cookie header received, as sent. */
  readonly setCookies: string[] = [];

  cookies(url: string): Map<string, string> {
    const origin = new URL(url).host;
    if (!this.jar.has(origin)) this.jar.set(origin, new Map());
    return this.jar.get(origin)!;
  }

  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const jar = this.cookies(url);
    const headers: Record<string, string> = { ...init.headers };
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** Follows 30x answers (GET) until one is not a redirect. */
  async follow(url: string, init: Parameters<BrowserClient['request']>[1] = {}): Promise<{ res: Response; url: string; text: string }> {
    let res = await this.request(url, init);
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      url = new URL(res.headers.get('location')!, url).href;
      res = await this.request(url);
    }
    return { res, url, text: await res.text() };
  }
}

/** A form's action and fields as the page gives them (hidden values included). */
export function formOf(html: string, base: string, index = 0): { action: string; fields: Record<string, string> } {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)][index];
  if (!form) throw new Error(`no form ${index} in ${html.slice(0, 300)}`);
  const action = /action="([^"]*)"/.exec(form[1]!)?.[1] ?? base;
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(input[1]!)?.[1];
    if (name) fields[name] = (/value="([^"]*)"/.exec(input[1]!)?.[1] ?? '').replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&');
  }
  const text = (html: string) => html.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&');
  for (const area of form[2]!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]*)"/.exec(area[1]!)?.[1];
    if (name) fields[name] = text(area[2]!);
  }
  for (const list of form[2]!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = /name="([^"]*)"/.exec(list[1]!)?.[1];
    const chosen = /<option([^>]*) selected>([^<]*)</.exec(list[2]!) ?? /<option([^>]*)>([^<]*)</.exec(list[2]!);
    if (name && chosen) fields[name] = /value="([^"]*)"/.exec(chosen[1]!)?.[1] ?? text(chosen[2]!);
  }
  return { action: new URL(action.replace(/&amp;/g, '&'), base).href, fields };
}

/** A browser signed in to the console at `base` with a named token, as a person types it into the form. */
export async function signedIn(base: string, token: string): Promise<BrowserClient> {
  const browser = new BrowserClient();
  const { action, fields } = formOf((await browser.follow(`${base}/console/sign-in`)).text, base);
  await browser.request(action, { form: { ...fields, token } });
  return browser;
}
