/**
 * One consumer, batches of whatever arrived meanwhile: while a batch is being written, new
 * jobs wait and then go together. Jobs carry their own resolve/reject; `process` settles them.
 */
export class BatchQueue<Job> {
  private readonly waiting: Job[] = [];
  private running: Promise<void> | null = null;
  private kicked = false;

  constructor(
    private readonly process: (batch: Job[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  push(job: Job): void {
    this.waiting.push(job);
    this.running ??= this.run();
  }

  /** Runs `process` once more even with no job waiting (with an empty batch if none comes). */
  kick(): void {
    this.kicked = true;
    this.running ??= this.run();
  }

  /** Resolves once every job pushed so far has been processed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    while (this.waiting.length > 0 || this.kicked) {
      this.kicked = false;
      await this.process(this.waiting.splice(0, this.maxBatch));
    }
    this.running = null;
  }
}
