import { parseYesNo, YES_NO_EXPECTED } from '@companion/schema';
import { MailConfigError } from './errors';

/** The environment the settings are read from (`process.env`, or a test's own). */
export type Env = Readonly<Record<string, string | undefined>>;

/** The value, or undefined when unset or blank (as `VAR=` in a compose file leaves it). */
export function readString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Like readString, but not trimmed: spaces around a password are part of it. */
export function readSecret(env: Env, name: string): string | undefined {
  return readString(env, name) === undefined ? undefined : env[name];
}

export function readBoolean(env: Env, name: string): boolean | undefined {
  const value = readString(env, name);
  if (value === undefined) return undefined;
  const yes = parseYesNo(value);
  if (yes === undefined) throw new MailConfigError(name, `expected ${YES_NO_EXPECTED}, found "${value}"`);
  return yes;
}

export function readInteger(
  env: Env,
  name: string,
  range: { min: number; max: number },
): number | undefined {
  const value = readString(env, name);
  if (value === undefined) return undefined;
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < range.min || number > range.max) {
    throw new MailConfigError(name, `expected an integer from ${range.min} to ${range.max}, found "${value}"`);
  }
  return number;
}
