// The third-party tus server on S3 (@tus/server with @tus/s3-store, its defaults) as the peer of
// bench/cluster.sh: each upload is an S3 multipart upload, its state in a `<id>.info` object, the
// offset worked out from ListParts; a per-process cache and in-process locks, as shipped.
//   node tus-s3-server.mjs --bucket B --endpoint http://127.0.0.1:PORT [--region R] [--port N]
//                          [--host 127.0.0.1] [--part-size BYTES]
// Keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. Prints "listening PORT" on stdout once
// it accepts connections; every error it answers or meets goes to stderr, one line each.
import http from 'node:http';
import { Server } from '@tus/server';
import { S3Store } from '@tus/s3-store';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const bucket = arg('bucket');
const endpoint = arg('endpoint');
if (!bucket || !endpoint) {
  console.error('usage: node tus-s3-server.mjs --bucket B --endpoint URL [--region R] [--port N]');
  process.exit(2);
}
const port = Number(arg('port', '0'));
const host = arg('host', '127.0.0.1');
const partSize = Number(arg('part-size', String(8 * 1024 * 1024)));

// Node 20 + @tus/server can throw ERR_INVALID_STATE after an error response; keep serving, and
// say so (bench/cluster.sh counts these lines).
process.on('uncaughtException', (err) => console.error('uncaught:', err && err.message));
process.on('unhandledRejection', (err) => console.error('unhandled:', err && err.message));

const datastore = new S3Store({
  partSize,
  s3ClientConfig: {
    bucket,
    endpoint,
    region: arg('region', 'us-east-1'),
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY,
    },
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by Ceph 16's RGW.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  },
});

const tus = new Server({
  path: '/files',
  datastore,
  onResponseError: (req, err) => {
    console.error(`error: ${req.method} ${req.url}: ${err && (err.status_code || '')} ${err && (err.body || err.message)}`.trim());
  },
});

const httpServer = http.createServer((req, res) => tus.handle(req, res));
httpServer.keepAliveTimeout = 75000; // longer than nginx's upstream keep-alive reuse
httpServer.listen(port, host, () => {
  console.log(`listening ${httpServer.address().port}`);
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
