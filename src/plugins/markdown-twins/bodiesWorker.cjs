// Runs twinBodies (bodies.ts) in a worker thread, so the build converts the twins on a core the bundler leaves idle; tsx, which runs the reference generators, compiles the TypeScript through its CommonJS hook (its ESM loader takes about a second longer to start: it resolves every module on a thread of its own).
const { parentPort, workerData } = require('node:worker_threads');

require('tsx/cjs/api').register();
const { twinBodies } = require('./bodies.ts');

// A rejection is thrown in this thread, which the plugin receives as the worker's error.
twinBodies(workerData).then((bodies) => parentPort.postMessage(bodies));
