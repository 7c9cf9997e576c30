// Uploads one file with tus-js-client (the reference tus client), for interop tests.
//   node tusjs-upload.mjs ENDPOINT FILE [--chunk-size BYTES] [--parallel N] [--header NAME:VALUE]
// Prints the upload's URL on stdout when tus-js-client reports success; exits 1 with its error
// on stderr otherwise. With --parallel N > 1, tus-js-client splits the file into N partial uploads
// sent at once and joins them with a final POST (the concatenation extension).
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tus = require('tus-js-client');

function usage() {
  console.error('usage: node tusjs-upload.mjs ENDPOINT FILE [--chunk-size B] [--parallel N] ' +
                '[--header NAME:VALUE]');
  process.exit(2);
}

const positional = [];
const options = { chunkSize: Infinity, parallel: 1, headers: {} };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const arg = argv[i];
  if (arg === '--chunk-size') options.chunkSize = Number(argv[++i]);
  else if (arg === '--parallel') options.parallel = Number(argv[++i]);
  else if (arg === '--header') {
    const [name, ...rest] = String(argv[++i]).split(':');
    options.headers[name] = rest.join(':').trim();
  } else if (arg.startsWith('--')) usage();
  else positional.push(arg);
}
const [endpoint, file] = positional;
if (!endpoint || !file || !(options.chunkSize > 0) || !(options.parallel >= 1)) usage();

// A fs.ReadStream with a path: tus-js-client reads it as a file source of known size, which it
// can slice for parallel uploads (where the uploadSize option is not allowed). Except when some
// parts would be empty: tus-js-client 4.3.1 slices a ReadStream to `end: start - 1` and Node
// throws ("The value of "end" is out of range"), so such small files go as a Buffer.
const size = fs.statSync(file).size;
const source = options.parallel > 1 && size < options.parallel ? fs.readFileSync(file)
                                                               : fs.createReadStream(file);
const upload = new tus.Upload(source, {
  endpoint,
  chunkSize: options.chunkSize,
  parallelUploads: options.parallel,
  headers: options.headers,
  retryDelays: null,
  storeFingerprintForResuming: false,
  metadata: { filename: file.split('/').pop(), filetype: 'application/octet-stream' },
  onError(error) {
    console.error(`tus-js-client: ${error.message || error}`);
    process.exit(1);
  },
  onSuccess() {
    console.log(upload.url);
  },
});
upload.start();
