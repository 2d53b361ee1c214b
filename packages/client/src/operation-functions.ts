import type { OPERATIONS } from './generated/operations.js';
import type { ArgsOptional, OperationAnswer, OperationArgs, OperationErrorCode, OperationId } from './operation-types.js';
import type { Result } from './result.js';

/** Per call: a signal to abort it, headers to add, the Idempotency-Key of a write (default: a new random UUID per call). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The key a write that takes one is sent with (unquoted; 1-255 printable ASCII characters).
   * Give the same key to a call that repeats an earlier call whose outcome is not known (the app
   * restarted after a network failure): the service answers it as it answered the first.
   */
  idempotencyKey?: string;
}

/** The function of one operation: arguments are optional when the operation needs none. */
export type OperationFunction<K extends OperationId> = (
  ...args: ArgsOptional<K> extends true ? [args?: OperationArgs<K>, options?: CallOptions] : [args: OperationArgs<K>, options?: CallOptions]
) => Promise<Result<OperationAnswer<K>, OperationErrorCode<K>>>;

/** One function per operation, named by its operationId. */
export type OperationFunctions = { [K in keyof typeof OPERATIONS]: OperationFunction<K> };
