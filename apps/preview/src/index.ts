import { resolve } from 'node:path';
import { ContentStore, formatIssue, resolveFromCaller, type ContentIssue } from '@companion/content';
import { systemClock } from '@companion/schema';
import { createPreviewApp } from './app';
import { LiveUpdates } from './live-updates';

/** `pnpm preview`: the writers' preview on PREVIEW_PORT (4000) over CONTENT_DIR (./content). */
const portText = process.env.PREVIEW_PORT || '4000';
if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
  console.error(`PREVIEW_PORT: expected a port number 0-65535; found "${portText}"`);
  process.exit(2);
}
const host = process.env.PREVIEW_HOST || '127.0.0.1';
// A folder given is read from where the command ran; without one, the repository's content folder.
const contentDir = process.env.CONTENT_DIR ? resolveFromCaller(process.env.CONTENT_DIR) : resolve('./content');

const printIssues = (issues: readonly ContentIssue[]) => {
  for (const issue of issues) console.log(`  ${formatIssue(issue)}`);
};

const content = await ContentStore.open(contentDir);
printIssues(content.status().issues);
const updates = new LiveUpdates(() => content.current().loadedAt);
await content.watch({
  onReload: ({ files, issues }) => {
    console.log(`reloaded ${files.length} file(s); ${issues.length === 0 ? 'no problems' : `${issues.length} problem(s):`}`);
    printIssues(issues);
    updates.publish();
  },
  onError: (error) => console.error(`watching ${contentDir} failed: ${error.message}`),
});

const app = createPreviewApp({ content, clock: systemClock, updates, contentDir });
// Express 5 calls back with the error when the port cannot be had (EADDRINUSE and the like).
const server = app.listen(Number(portText), host, (error?: Error) => {
  if (error) {
    console.error(`cannot listen on ${host}:${portText}: ${error.message}`);
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : portText;
  console.log(`preview of ${contentDir} listening on http://${host}:${port}`);
});

const stop = () => {
  updates.close();
  void content.close();
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
