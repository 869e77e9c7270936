// Runs twinBodies (bodies.ts) in a worker thread, so the build converts the twins on one core while it builds the search index on the other; tsx, which runs the reference generators, compiles the TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { twinBodies } = await tsImport('./bodies.ts', import.meta.url);
parentPort.postMessage(await twinBodies(workerData));
