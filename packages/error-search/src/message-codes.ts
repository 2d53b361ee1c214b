/**
 * The codes the entries' messages hold (`EMFILE`, `ECONNREFUSED`, `ERR_CERT_DATE_INVALID`: a word
 * of five or more capitals, digits and underscores that is not a Flag), so a query holding one
 * finds its entries wherever the code stands and whatever language the words around it are in.
 */
export class MessageCodes {
  private readonly byCode = new Map<string, string[]>();

  add(flag: string, messages: readonly string[]): void {
    for (const code of codesOf(messages)) {
      const flags = this.byCode.get(code);
      if (!flags) this.byCode.set(code, [flag]);
      else if (!flags.includes(flag)) flags.push(flag);
    }
  }

  remove(flag: string, messages: readonly string[]): void {
    for (const code of codesOf(messages)) {
      const flags = this.byCode.get(code)?.filter((f) => f !== flag);
      if (flags?.length) this.byCode.set(code, flags);
      else this.byCode.delete(code);
    }
  }

  clear(): void {
    this.byCode.clear();
  }

  /** The Flags whose messages hold a code the query holds (in any letter case), in the order the codes appear. */
  flagsIn(q: string): string[] {
    const found: string[] = [];
    if (this.byCode.size === 0) return found;
    for (const [word] of q.matchAll(CANDIDATE)) {
      for (const flag of this.byCode.get(word.toUpperCase()) ?? []) if (!found.includes(flag)) found.push(flag);
    }
    return found;
  }
}

const CODE = /(?<![\p{L}\p{N}_])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?![\p{L}\p{N}_])/gu;
const CANDIDATE = /(?<![\p{L}\p{N}_])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*(?![\p{L}\p{N}_])/gu;
const FLAG_LIKE = /^[A-Z]+[0-9]+$/;

function codesOf(messages: readonly string[]): Set<string> {
  const codes = new Set<string>();
  for (const message of messages) for (const [code] of message.matchAll(CODE)) if (code.length >= 5 && !FLAG_LIKE.test(code)) codes.add(code);
  return codes;
}
