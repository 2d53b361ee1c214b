export declare const LOCK_TIMEOUT_S: number;
export declare const aptGetArgs: (args: readonly string[]) => string[];
