import { ContentFolderError, formatIssue } from '@companion/content';
import { DatabaseConfigError } from '@companion/database/config';
import type { StorageEvents } from '@companion/journal';
import { MailConfigError, mailerConfigFromEnv } from '@companion/mailer';
import { systemClock } from '@companion/schema';
import type { Logger } from 'pino';
import { createApp } from './app';
import { Authenticator, signInFromEnv } from '@companion/auth';
import { ConfigError, corsFromEnv } from '@companion/http-kit';
import { clientErrorAnswer } from './http/fallback';
import { configFromEnv } from './config';
import { DatabaseSetupError, DatabaseUnreachableError } from '@companion/database/open';
import { serviceLogger } from './log-lines';
import { rateLimitsFromEnv } from './http/rate-limit';
import { openServices, type Services } from './services';
import { generatedSessionSecret } from '@companion/session-store';
import { gracefulStop, watchParent } from '@companion/graceful-stop';
import { SERVICE_VERSION } from './version';

/** Each store's faults go to the log once when they start (error) and once when they clear (warn). */
function storageEvents(logger: Logger): StorageEvents {
  return {
    fault: (part, fault, { path, error }) =>
      logger.error({ part, cause: fault.cause, path, err: error }, `${part}: writes are refused: ${fault.message}`),
    recovered: (part, fault) =>
      logger.warn({ part, cause: fault.cause, since: fault.at }, `${part}: writes resumed after ${fault.cause} (${fault.message})`),
    notice: (part, message) => logger.warn({ part }, `${part}: ${message}`),
  };
}

function reportStorage({ catalog, feedback, mailer, database }: Services, logger: Logger, graceMs: number): void {
  if (database) logger.info(`feedback, the mail outbox and the rate-limit counters are in PostgreSQL at ${database.health().url}`);
  for (const [name, health] of Object.entries({ catalog: catalog.health(), feedback: feedback.health() })) {
    if (health.tornTail) logger.warn({ tornTail: health.tornTail }, `${name} log: dropped a torn last record (a write cut short by a crash)`);
  }
  const mail = mailer.describe();
  if (mail.transport === 'outbox') logger.warn(`no SMTP server configured (SMTP_URL / SMTP_HOST): e-mail is kept in the outbox (${mail.target})`);
  else logger.info(`e-mail goes through SMTP at ${mail.target}`);
  const { timeoutMs } = mailerConfigFromEnv(process.env);
  if (mail.transport === 'smtp' && timeoutMs >= graceMs) logger.warn(`SHUTDOWN_GRACE_MS (${graceMs}) is not longer than SMTP_TIMEOUT_MS (${timeoutMs}): a stop may cut short an e-mail waiting on SMTP`);
}

async function start(): Promise<void> {
  // Every setting is read before anything opens, so a bad one stops start-up with one line.
  const config = configFromEnv();
  const auth = Authenticator.fromConfig(process.env);
  const signInConfig = signInFromEnv(process.env);
  const rateLimits = rateLimitsFromEnv(process.env);
  const cors = corsFromEnv(process.env);
  const logger = serviceLogger(config.logLevel);

  const services = await openServices({ contentDir: config.contentDir, dataDir: config.dataDir, env: process.env, clock: systemClock, events: storageEvents(logger), logger });
  const { content } = services;
  for (const issue of content.status().issues) logger.warn({ issue }, `content issue: ${formatIssue(issue)}`);
  // CONTENT_WATCH=off: no hot reload (a read-only deployment; the write benchmark's A/B toggle).
  if (config.contentWatch) await content.watch({
    reconcileMs: config.contentReconcileMs,
    onReload: ({ files, issues, durationMs }) => {
      logger.info({ changed: files.length, files: files.slice(0, 20), issues: issues.length, durationMs: Math.round(durationMs) }, `content reloaded: ${files.length} file(s) changed`);
      for (const issue of issues) logger.warn({ issue }, `content issue: ${formatIssue(issue)}`);
      void services.revision.refresh(); // a pull changed files: read the checkout's revision again
    },
    onError: (err) => logger.error({ err }, 'content watcher failed; the last loaded content is still served'),
    onHold: (problem) => logger.warn({ issue: problem }, `content not reloaded: ${formatIssue(problem)}`),
  });
  if (config.contentWatch) services.revision.settleWith(() => content.reconcile());
  reportStorage(services, logger, config.shutdownGraceMs);
  // No SESSION_SECRET: the console still works, sealed with a secret made once and kept (shared through the database on a fleet).
  const generated = signInConfig.secret === null ? await generatedSessionSecret({ dataDir: config.dataDir, database: services.database }) : null;
  const signIn = { ...signInConfig, secret: signInConfig.secret ?? generated!.secret };
  // Adding or revoking a person is an edit of the tokens file, taken by every replica within seconds.
  // A line left out or a file gone is an error in the log each time the file changes: whoever
  // edited it learns at once that someone may have lost access.
  auth.watch(({ size, problems, unreadable }) => {
    for (const problem of problems) logger.error(problem);
    if (!unreadable) logger.info(`API_TOKENS_FILE read again: ${size} credential(s)${problems.length > 0 ? `, ${problems.length} line(s) left out` : ''}`);
  });

  const app = createApp({ ...services, auth, clock: systemClock, logger, version: SERVICE_VERSION, trustProxy: config.trustProxy, rateLimits, cors, fastReads: config.fastReads, fastWrites: config.fastWrites, publicUrl: config.publicUrl, signIn });
  // Express 5 calls back with the error when the port cannot be had (EADDRINUSE and the like).
  const server = app.listen(config.port, config.host, (error?: Error) => {
    // HOST or PORT cannot be had (in use, not an address of this machine, a name that does not
    // resolve): a bad setting like any other, one line and exit code 2.
    if (error) {
      console.error(`cannot start: HOST/PORT: cannot listen on ${config.host}:${config.port}: ${error.message}`);
      void services.close().finally(() => process.exit(2));
      return;
    }
    // Said once start-up can no longer fail, so it never stands before the error that stopped it.
    if (services.unimportedData.length > 0) logger.warn({ files: services.unimportedData.slice(0, 20) }, `DATA_DIR holds data the database does not (${services.unimportedData.length} file(s)): it is not served; move it with \`pnpm db:import\` (built: node apps/api/dist/db-import.js)`);
    if (auth.size === 0) logger.warn('no API credentials configured (API_TOKENS / API_TOKENS_FILE): writes will answer 401; create one with `pnpm token:create` (a built install: `node apps/api/dist/token.js`)');
    const address = server.address();
    const where = typeof address === 'object' && address ? `http://${address.address}:${address.port}` : String(address);
    logger.info({ contentDir: config.contentDir, dataDir: config.dataDir, counts: content.current().counts }, `listening on ${where}`);
    const consoleUrl = `${config.publicUrl ?? where}/console`;
    const how = signIn.oidc ? `with ${signIn.oidc.label} (${signIn.oidc.issuer.href}) or a named token` : 'with a named token: a line `Your Name: <sha256>=<scopes>` of API_TOKENS_FILE (`pnpm token:create` makes the token and its hash)';
    logger.info({ console: consoleUrl, sessionSecret: generated ? generated.where : 'SESSION_SECRET' }, `console at ${consoleUrl}: sign in ${how}${generated ? `; sessions sealed with the secret kept in ${generated.where} (set SESSION_SECRET to choose one)` : ''}`);
    if (auth.size === 0 && !signIn.oidc) logger.warn(`no one can sign in to the console at ${consoleUrl} yet: add a named token to API_TOKENS_FILE (\`pnpm token:create\`), or set OIDC_ISSUER for single sign-on`);
  });

  server.on('clientError', clientErrorAnswer(systemClock));

  const stop = gracefulStop({
    server,
    graceMs: config.shutdownGraceMs,
    logger,
    closeServices: () => {
      auth.close();
      return services.close();
    },
    exit: (code) => process.exit(code),
    // How many answers the fast read path holds: one per URL, or per matching set for client-selected reads.
    figures: () => ({ fastReadCacheEntries: (app.locals.fastReadCacheEntries as (() => number) | undefined)?.() ?? null }),
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (process.argv.includes('--stop-with-parent')) watchParent(() => stop('the parent process exited', false));
}

start().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof MailConfigError || error instanceof ContentFolderError || error instanceof DatabaseConfigError || error instanceof DatabaseSetupError;
  const outage = error instanceof DatabaseUnreachableError; // one line too, but exit 1: worth a retry
  console.error(expected || outage ? `cannot start: ${(error as Error).message}` : error);
  process.exit(expected ? 2 : 1);
});
