import { mkdir } from 'node:fs/promises';
import { ContentStore, formatIssue } from '@companion/content';
import { createMailer, mailerConfigFromEnv } from '@companion/mailer';
import { systemClock } from '@companion/schema';
import { pino } from 'pino';
import { createApp } from './app';
import { Authenticator } from './auth/tokens';
import { configFromEnv } from './config';
import { rateLimitsFromEnv } from './http/rate-limit';
import { SERVICE_VERSION } from './version';

const config = configFromEnv();
const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization'] });

const auth = Authenticator.fromConfig(process.env);
if (auth.size === 0) logger.warn('no API credentials configured (API_TOKENS / API_TOKENS_FILE): writes will answer 401; create one with `pnpm token:create`');

await mkdir(config.dataDir, { recursive: true });
const content = await ContentStore.open(config.contentDir);
for (const issue of content.status().issues) logger.warn({ issue }, `content issue: ${formatIssue(issue)}`);
await content.watch({
  onReload: ({ files, issues, durationMs }) => {
    logger.info({ changed: files.length, files: files.slice(0, 20), issues: issues.length, durationMs: Math.round(durationMs) }, `content reloaded: ${files.length} file(s) changed`);
    for (const issue of issues) logger.warn({ issue }, `content issue: ${formatIssue(issue)}`);
  },
  onError: (err) => logger.error({ err }, 'content watcher failed; the last loaded content is still served'),
});

const mailer = createMailer(mailerConfigFromEnv({ ...process.env, DATA_DIR: config.dataDir }));
const mail = mailer.describe();
if (mail.transport === 'outbox') logger.warn(`no SMTP server configured (SMTP_URL / SMTP_HOST): e-mail is written as .eml files into ${mail.target}`);
else logger.info(`e-mail goes through SMTP at ${mail.target}`);

const app = createApp({
  content,
  auth,
  clock: systemClock,
  logger,
  version: SERVICE_VERSION,
  trustProxy: config.trustProxy,
  rateLimits: rateLimitsFromEnv(process.env),
  mailer,
});
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const where = typeof address === 'object' && address ? `http://${address.address}:${address.port}` : String(address);
  logger.info({ contentDir: config.contentDir, dataDir: config.dataDir, counts: content.current().counts }, `listening on ${where}`);
});

const stop = (signal: string) => {
  logger.info(`${signal}: closing`);
  void content.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
