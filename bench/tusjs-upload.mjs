// Uploads one file with tus-js-client (the reference tus client) and prints its upload URL.
//   node bench/tusjs-upload.mjs ENDPOINT FILE [CHUNK_BYTES]
import fs from 'node:fs';
import { createRequire } from 'node:module';

// tus-js-client is installed with the test peers in tests/node, not next to this script.
const require = createRequire(new URL('../tests/node/package.json', import.meta.url));
const tus = require('tus-js-client');

const [endpoint, file, chunkArg] = process.argv.slice(2);
if (!endpoint || !file) {
  console.error('usage: node tusjs-upload.mjs ENDPOINT FILE [CHUNK_BYTES]');
  process.exit(2);
}
const chunkSize = Number(chunkArg || 8 * 1024 * 1024);
const size = fs.statSync(file).size;

const upload = new tus.Upload(fs.createReadStream(file), {
  endpoint,
  chunkSize,
  uploadSize: size,
  retryDelays: null,
  storeFingerprintForResuming: false,
  metadata: { filename: file.split('/').pop() },
  onError(error) {
    console.error(`tus-js-client: ${error.message || error}`);
    process.exit(1);
  },
  onSuccess() {
    console.log(upload.url);
  },
});
upload.start();
