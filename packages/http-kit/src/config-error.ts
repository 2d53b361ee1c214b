/** A setting that cannot be used: start-up stops with its message alone (exit code 2). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
