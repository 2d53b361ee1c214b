// Preloaded into the server by the soak test only (NODE_OPTIONS=--require): SIGUSR2 runs a full
// garbage collection, so RSS read afterwards shows what is still held, not what V8 has yet to free.
const { setFlagsFromString } = require('node:v8');
const { runInNewContext } = require('node:vm');
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  gc();
});
