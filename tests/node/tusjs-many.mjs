// Uploads every file in a folder with tus-js-client (the reference tus client), a few at once, for
// benchmarks of many small files (bench/scale.sh).
//   node tusjs-many.mjs ENDPOINT DIR [--parallel N] [--data-during-creation]
// One tus.Upload per file (chunkSize left at its default, retryDelays null, no fingerprints kept,
// metadata filename), at most N (default 8) running at once. Prints "done COUNT" and
// "elapsed_ms MS" on stdout and exits 0 when every upload succeeded; otherwise prints each error
// on stderr, "done COUNT" and "failed COUNT" and exits 1. MS runs from just before the first
// upload starts to the end of the last one: node's start-up and module loading are not in it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tus = require('tus-js-client');

function usage() {
  console.error('usage: node tusjs-many.mjs ENDPOINT DIR [--parallel N] [--data-during-creation]');
  process.exit(2);
}

const positional = [];
let parallel = 8;
let dataDuringCreation = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const arg = argv[i];
  if (arg === '--parallel') parallel = Number(argv[++i]);
  else if (arg === '--data-during-creation') dataDuringCreation = true;
  else if (arg.startsWith('--')) usage();
  else positional.push(arg);
}
const [endpoint, dir] = positional;
if (!endpoint || !dir || !(parallel >= 1)) usage();

const files = fs.readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.join(dir, entry.name))
  .sort();

function uploadOne(file) {
  return new Promise((resolve, reject) => {
    // A fs.ReadStream with a path: tus-js-client reads it as a file of known size (as in
    // tusjs-upload.mjs).
    const upload = new tus.Upload(fs.createReadStream(file), {
      endpoint,
      retryDelays: null,
      storeFingerprintForResuming: false,
      uploadDataDuringCreation: dataDuringCreation,
      metadata: { filename: path.basename(file) },
      onError: (error) => reject(new Error(`${file}: ${error.message || error}`)),
      onSuccess: () => resolve(upload.url),
    });
    upload.start();
  });
}

let next = 0;
let done = 0;
let failed = 0;
async function worker() {
  while (next < files.length) {
    const file = files[next++];
    try {
      await uploadOne(file);
      ++done;
    } catch (error) {
      ++failed;
      console.error(`tus-js-client: ${error.message}`);
    }
  }
}

const start = process.hrtime.bigint();
await Promise.all(Array.from({ length: Math.min(parallel, Math.max(files.length, 1)) }, worker));
const elapsedMs = Number(process.hrtime.bigint() - start) / 1e6;
console.log(`done ${done}`);
console.log(`elapsed_ms ${elapsedMs.toFixed(1)}`);
if (failed > 0) {
  console.log(`failed ${failed}`);
  process.exit(1);
}
process.exit(0);
