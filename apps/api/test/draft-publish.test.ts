import type { Authenticator } from '@companion/auth';
import { formOf, signedIn } from './browser-client';
import type { TestServer } from './server';
import { serverWithPeople, stopServerWithPeople } from './people';

let dir: string;
let auth: Authenticator;
let server: TestServer;

beforeEach(async () => {
  ({ dir, auth, server } = await serverWithPeople('draft-publish-', [['Ann Writer', 'ann-token', 'catalog:draft'], ['Ben Publisher', 'ben-token', 'catalog:publish']], { deps: { signIn: { secret: 'a session secret of the test, 32+ characters long', ttlMs: 60_000, oidc: null } } }));
});
afterEach(() => stopServerWithPeople({ dir, auth, server }));

/** The form of `html` whose action ends with `ending`. */
function formEnding(html: string, base: string, ending: string) {
  for (let i = 0; ; i++) {
    const form = formOf(html, base, i);
    if (new URL(form.action).pathname.endsWith(ending)) return form;
  }
}

describe('publishing a draft while its author changes it', () => {
  it('the catalogue took version 1 while Ann revised it: recorded as published, naming the version, never "Not done"', async () => {
    const [ann, ben] = [await signedIn(server.url, 'ann-token'), await signedIn(server.url, 'ben-token')];
    const proposal = (await ann.follow(`${server.url}/console/drafts/new?flag=PORT1001`)).text;
    const propose = formEnding(proposal, server.url, '/console/drafts/new');
    const drafted = await ann.follow(propose.action, { form: { ...propose.fields, Info: 'Version one of the wording.', reason: 'Clearer', action: 'save' } });
    const draftUrl = drafted.url;
    expect(draftUrl).toMatch(/\/console\/drafts\/\d+$/);

    // Ben's catalogue write succeeds, then waits until Ann has revised the draft.
    const catalog = server.services.catalog;
    const update = catalog.update.bind(catalog);
    let written!: () => void;
    let carryOn!: () => void;
    const wrote = new Promise<void>((done) => (written = done));
    const revisedMeanwhile = new Promise<void>((done) => (carryOn = done));
    catalog.update = async (...args: Parameters<typeof update>) => {
      const done = await update(...args);
      written();
      await revisedMeanwhile;
      return done;
    };
    const publish = formEnding((await ben.follow(draftUrl)).text, server.url, '/publish');
    const publishing = ben.request(publish.action, { form: publish.fields });
    await wrote;
    const edit = formEnding((await ann.follow(`${draftUrl}/edit`)).text, server.url, '/edit');
    const revised = await ann.follow(edit.action, { form: { ...edit.fields, Info: 'Version two, never published.', reason: 'Better still', action: 'save' } });
    expect(revised.res.status).toBe(200);
    carryOn();

    const answer = await publishing;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/console/errors/PORT1001');
    expect((await ben.follow(`${server.url}${answer.headers.get('location')}`)).text).toContain('Version one of the wording.');
    const draft = (await ben.follow(draftUrl)).text;
    expect(draft).toContain('Version 1 was published; Ann Writer revised it meanwhile, and that is not in the catalogue.');
    expect(draft).not.toContain('Not done');
  });
});
