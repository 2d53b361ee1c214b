import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, StorageUnavailableError, type StorageEvents, type StorageFault } from '../src';
import { mountSmallDisk, noDiskFaults } from './small-disk';
import { useTempDir } from './temp-dir';

const dir = useTempDir();

/** What the journal told, in order. */
function recordEvents(): { events: StorageEvents; told: string[]; faults: StorageFault[] } {
  const told: string[] = [];
  const faults: StorageFault[] = [];
  return {
    told,
    faults,
    events: {
      fault: (part, fault) => {
        told.push(`fault ${part} ${fault.cause}`);
        faults.push(fault);
      },
      recovered: (part, fault) => told.push(`recovered ${part} ${fault.cause}`),
    },
  };
}

async function until(probe: () => boolean, ms = 120_000): Promise<void> {
  for (const deadline = Date.now() + ms; !probe(); ) {
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

const record = (n: number) => ({ n, text: 'x'.repeat(180) });

(noDiskFaults ? describe.skip : describe)('a full disk under the log', () => {
  if (noDiskFaults) console.log(`skipped: ${noDiskFaults}`);

  it('cuts away what a refused batch left, refuses writes, and resumes by itself once space is freed', async () => {
    const disk = await mountSmallDisk(await mkdtemp(join(tmpdir(), 'small-disk-')), 256);
    try {
      const path = join(disk.dir, 'log.jsonl');
      const { events, told, faults } = recordEvents();
      const journal = await openJournal<{ n: number; text: string }>(path, { events });
      for (let n = 1; n <= 3; n++) await journal.append(record(n));
      const before = (await stat(path)).size;

      await disk.fill();
      // 50 records fill the page the log already has, then meet ENOSPC: a partial write.
      await expect(journal.commit(Array.from({ length: 50 }, (_, i) => record(10 + i)))).rejects.toBeInstanceOf(StorageUnavailableError);
      expect((await stat(path)).size).toBe(before);
      expect(journal.lastSeq()).toBe(3);
      await expect(journal.append(record(99))).rejects.toThrow('log.jsonl: the disk is full (ENOSPC)');
      expect(journal.health()).toMatchObject({ writable: false, reason: 'log.jsonl: the disk is full (ENOSPC)', last_fault: { cause: 'ENOSPC', cleared_at: null } });
      expect(told).toEqual(['fault log.jsonl ENOSPC']);

      await disk.free();
      await until(() => journal.health().writable);
      expect(told).toEqual(['fault log.jsonl ENOSPC', 'recovered log.jsonl ENOSPC']);
      expect(journal.health().last_fault).toMatchObject({ cause: 'ENOSPC', at: faults[0]!.at, cleared_at: expect.any(String) });
      expect((await journal.append(record(4))).record.seq).toBe(4);
      await journal.close();

      const lines = (await readFile(path, 'utf8')).trim().split('\n').map((line) => JSON.parse(line).n);
      expect(lines).toEqual([1, 2, 3, 4]);
      const reopened = await openJournal(path);
      expect(reopened.recovery).toMatchObject({ records: 4, tornTail: null, corruption: null });
      await reopened.close();
    } finally {
      disk.unmount();
      await rm(disk.dir, { recursive: true, force: true });
    }
  });
});

describe('a log deleted while the service runs', () => {
  it('is noticed before a write into the unlinked file is acknowledged', async () => {
    const path = join(dir(), 'log.jsonl');
    const { events, told } = recordEvents();
    const journal = await openJournal<{ n: number }>(path, { events });
    await journal.append({ n: 1 });
    await rm(path);
    await expect(journal.append({ n: 2 })).rejects.toThrow('log.jsonl was deleted or replaced while the service ran');
    expect(journal.lastSeq()).toBe(1);
    expect(journal.health()).toMatchObject({ writable: false, reason: expect.stringContaining('deleted or replaced') });
    expect(told).toEqual(['fault log.jsonl ENOENT']);
    await expect(journal.append({ n: 3 })).rejects.toBeInstanceOf(StorageUnavailableError);
    await journal.close();
  });
});
