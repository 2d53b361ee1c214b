import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parseContentFile } from '@companion/content';

// The reference for a cold start: a process that merely lists, reads and parses every content
// file of a folder (the least any service could do before answering), then says how long it took.
const dir = process.argv[2]!;
const entries = await readdir(dir, { recursive: true, withFileTypes: true });
const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
// Blocking reads: the cheapest way to read many small files when nothing else has to run.
const parsed = files.map((file) => parseContentFile(file, readFileSync(join(dir, file))));
const cpu = process.cpuUsage();
console.log(JSON.stringify({ files: parsed.length, cpuMs: (cpu.user + cpu.system) / 1000 }));
