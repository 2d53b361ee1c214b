import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds of each thread of a process (utime, stime from /proc/<pid>/task/<tid>/stat), by thread id. */
export interface ThreadCpu {
  tid: number;
  name: string;
  user: number;
  system: number;
}

/** Every thread's CPU now; threads that ended meanwhile are simply absent. */
export function threadCpu(pid: number, ticksPerSecond: number): Map<number, ThreadCpu> {
  const threads = new Map<number, ThreadCpu>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      threads.set(Number(tid), { tid: Number(tid), name, user: Number(fields[11]) / ticksPerSecond, system: Number(fields[12]) / ticksPerSecond });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

/** Per-thread CPU spent between two readings, in ms per operation: the main thread, and the others grouped by name (Node 20 names them all `node`). */
export function cpuPerOperation(before: Map<number, ThreadCpu>, after: Map<number, ThreadCpu>, pid: number, operations: number): { thread: string; userMs: number; systemMs: number }[] {
  const groups = new Map<string, { userMs: number; systemMs: number }>();
  for (const [tid, now] of after) {
    const was = before.get(tid) ?? { user: 0, system: 0 };
    const thread = tid === pid ? 'main' : now.name;
    const group = groups.get(thread) ?? { userMs: 0, systemMs: 0 };
    group.userMs += ((now.user - was.user) * 1000) / operations;
    group.systemMs += ((now.system - was.system) * 1000) / operations;
    groups.set(thread, group);
  }
  return [...groups].map(([thread, cpu]) => ({ thread, ...cpu })).sort((a, b) => b.userMs + b.systemMs - (a.userMs + a.systemMs));
}

/** Clock ticks per second, as /proc counts CPU time. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's CPU time (every thread, user and system) in ms, from /proc/<pid>/stat. */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}
