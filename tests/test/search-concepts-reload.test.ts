import { useApiOnContentCopy, waitFor } from './support/service';

// The concept map is content: a change to content/search/concepts.yaml reaches the running
// service's search (its cached answers included) as any content change does.
const service = useApiOnContentCopy();

const firstFor = async (q: string): Promise<string | undefined> => {
  const response = await fetch(`${service.api.url}/api/tunnel/errors/search?q=${encodeURIComponent(q)}&limit=3`);
  return ((await response.json()) as { data: { Flag: string }[] }).data[0]?.Flag;
};

test('a saying added to the concept map finds the entry holding its concept, once the content reloads', async () => {
  const q = 'tunnel gone after the frobnication of my notebook';
  const before = await firstFor(q);
  expect(before).not.toBe('NET3004');
  // Asked twice: the second answer is the fast path's cached one.
  expect(await firstFor(q)).toBe(before);
  await service.content.write('search/concepts.yaml', 'concepts:\n  - concept: frobnicated\n    means: [computer slept, heartbeats]\n    en: [frobnication]\n');
  await waitFor(async () => (await firstFor(q)) === 'NET3004', 60_000, () => `the search for ${JSON.stringify(q)} still answers ${before} first`);
});
