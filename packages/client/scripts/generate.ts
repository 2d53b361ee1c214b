// Regenerates src/generated/ from the live service's /openapi.json: from the URL given, or from
// the service started here on the shipped content.
import { writeFile } from 'node:fs/promises';
import { generatedFiles } from './generated-files';
import { startLiveService } from './live-service';

const GENERATED = new URL('../src/generated/', import.meta.url);

const given = process.argv[2];
const service = given ? undefined : await startLiveService();
try {
  const base = given ?? service!.url;
  const res = await fetch(new URL('/openapi.json', base));
  if (!res.ok) throw new Error(`${base}/openapi.json answered ${res.status}`);
  for (const [name, text] of Object.entries(await generatedFiles((await res.json()) as object))) {
    await writeFile(new URL(name, GENERATED), text);
    console.log(`wrote src/generated/${name}`);
  }
} finally {
  await service?.stop();
}
