import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parseContentFile } from '@companion/content';

// The reference for a cold start: a process that merely lists, reads and parses every content
// file of a folder (the least any service could do before answering), then says how long it took.
const dir = process.argv[2]!;
const entries = await readdir(dir, { recursive: true, withFileTypes: true });
const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
let next = 0;
const parsed: unknown[] = [];
const worker = async () => {
  while (next < files.length) {
    const file = files[next++]!;
    parsed.push(parseContentFile(file, await readFile(join(dir, file))));
  }
};
await Promise.all(Array.from({ length: 32 }, worker));
const cpu = process.cpuUsage();
console.log(JSON.stringify({ files: parsed.length, cpuMs: (cpu.user + cpu.system) / 1000 }));
