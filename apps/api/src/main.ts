import { mkdir } from 'node:fs/promises';
import { ContentStore, formatIssue } from '@companion/content';
import { systemClock } from '@companion/schema';
import { pino } from 'pino';
import { createApp } from './app';
import { Authenticator } from './auth/tokens';
import { configFromEnv } from './config';
import { SERVICE_VERSION } from './version';

const config = configFromEnv();
const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization'] });

const auth = Authenticator.fromConfig(process.env);
if (auth.size === 0) logger.warn('no API credentials configured (API_TOKENS / API_TOKENS_FILE): writes will answer 401; create one with `pnpm token:create`');

await mkdir(config.dataDir, { recursive: true });
const content = await ContentStore.open(config.contentDir);
for (const issue of content.status().issues) logger.warn({ issue }, `content issue: ${formatIssue(issue)}`);

const app = createApp({ content, auth, clock: systemClock, logger, version: SERVICE_VERSION, trustProxy: config.trustProxy });
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const where = typeof address === 'object' && address ? `http://${address.address}:${address.port}` : String(address);
  logger.info({ contentDir: config.contentDir, dataDir: config.dataDir, counts: content.current().counts }, `listening on ${where}`);
});

const stop = (signal: string) => {
  logger.info(`${signal}: closing`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
