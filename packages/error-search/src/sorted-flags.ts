/** Flags in code-unit order (the snapshot's order), so a prefix is one contiguous run. */
export class SortedFlags {
  private flags: string[] = [];

  reset(flags: Iterable<string>): void {
    this.flags = [...flags].sort();
  }

  get size(): number {
    return this.flags.length;
  }

  /** Index of the first Flag not below `flag`. */
  private lowerBound(flag: string): number {
    let lo = 0;
    let hi = this.flags.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.flags[mid]! < flag) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(flag: string): void {
    const at = this.lowerBound(flag);
    if (this.flags[at] !== flag) this.flags.splice(at, 0, flag);
  }

  remove(flag: string): void {
    const at = this.lowerBound(flag);
    if (this.flags[at] === flag) this.flags.splice(at, 1);
  }

  /** The Flags that start with `prefix`, in order. */
  *withPrefix(prefix: string): Generator<string> {
    for (let i = this.lowerBound(prefix); i < this.flags.length && this.flags[i]!.startsWith(prefix); i++) yield this.flags[i]!;
  }
}
