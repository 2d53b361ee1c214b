import { Agent } from 'node:http';
import { send } from './raw-http';

/**
 * What a flood of URLs the service has never seen costs another client: that client's p99 while
 * FLOODERS connections ask for never-repeated URLs (`/docs?v=<random>`, `/elements?v=<random>`, a
 * search for a new word each time), against its p99 while the same connections ask for URLs the
 * service has answered before (the same load, nothing new to compute). Phases alternate A B A B;
 * the figures are the medians. Used by the soak suite and by `pnpm bench`.
 */
export interface FloodFigures {
  /** The other client's p99 (ms) under the repeated-URL load: the reference. */
  referenceP99: number;
  /** Its p99 (ms) under the flood of new URLs. */
  floodP99: number;
  ratio: number;
  /** Its p99 (ms) with no other load, for context. */
  idleP99: number;
  /** Requests the flooders got answered per phase, and any that were not 200. */
  floodRequests: number;
  failures: string[];
}

const FLOODERS = 8;
const VICTIM = '/api/changelog/latest';
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json;q=0.9' };
const KNOWN = ['/docs', '/elements', '/api/tunnel/errors/search?q=port'];
const fresh = (i: number) => {
  const v = `${Date.now().toString(36)}${i}${Math.random().toString(36).slice(2)}`;
  return [`/docs?v=${v}`, `/elements?v=${v}`, `/api/tunnel/errors/search?q=${v.replace(/\d/g, '')}`][i % 3]!;
};

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function phase(base: URL, seconds: number, flood: boolean | 'idle', failures: string[]): Promise<{ p99: number; requests: number }> {
  const until = Date.now() + seconds * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: FLOODERS });
  const victimAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  let requests = 0;
  const flooder = async (id: number) => {
    for (let i = id; Date.now() < until; i += FLOODERS) {
      const target = flood ? fresh(i) : KNOWN[i % KNOWN.length]!;
      const reply = await send(base, agent, { method: 'GET', target, headers: ACCEPT }, 30_000);
      if (reply.status !== 200) failures.push(`${target} -> ${reply.status}`);
      requests++;
    }
  };
  const latencies: number[] = [];
  const victim = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const reply = await send(base, victimAgent, { method: 'GET', target: VICTIM, headers: { 'accept-encoding': 'gzip' } }, 30_000);
      latencies.push(performance.now() - started);
      if (reply.status !== 200) failures.push(`${VICTIM} -> ${reply.status}`);
    }
  };
  await Promise.all([victim(), ...(flood === 'idle' ? [] : Array.from({ length: FLOODERS }, (_, id) => flooder(id)))]);
  agent.destroy();
  victimAgent.destroy();
  return { p99: p99(latencies), requests };
}

export async function measureFlood(base: URL, { seconds = 5, rounds = 2 } = {}): Promise<FloodFigures> {
  const failures: string[] = [];
  // Warm-up of both loads: the known answers compiled once, and the code either load runs optimised.
  await phase(base, 2, false, failures);
  await phase(base, 2, true, failures);
  const idleP99 = (await phase(base, Math.min(seconds, 2), 'idle', failures)).p99;
  const reference: number[] = [];
  const flooded: number[] = [];
  let floodRequests = 0;
  for (let round = 0; round < rounds; round++) {
    reference.push((await phase(base, seconds, false, failures)).p99);
    const result = await phase(base, seconds, true, failures);
    flooded.push(result.p99);
    floodRequests += result.requests;
  }
  const referenceP99 = median(reference);
  const floodP99 = median(flooded);
  return { referenceP99, floodP99, ratio: floodP99 / Math.max(0.001, referenceP99), idleP99, floodRequests: Math.round(floodRequests / rounds), failures };
}

export const describeFlood = (f: FloodFigures): string =>
  `flood of new URLs: another client's GET ${VICTIM} p99 ${f.floodP99.toFixed(1)} ms under ${FLOODERS} connections of never-seen URLs (${f.floodRequests} per phase) vs ${f.referenceP99.toFixed(1)} ms under the same load of known URLs: ratio ${f.ratio.toFixed(2)}x (target <= 2x); ${f.idleP99.toFixed(1)} ms with no other load`;
