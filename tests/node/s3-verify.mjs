// Checks objects in an S3 bucket against their sources: reads "KEY<TAB>FILE" lines on stdin,
// downloads each object (8 at once) and compares its SHA-256 and size with the file's. Prints
// one line per object that differs or is missing ("missing KEY", "differs KEY got/want sizes"),
// then "checked N, missing M, differ D". Exit status 0 only when all match.
//   node s3-verify.mjs --bucket B --endpoint URL [--region R] < list
// Keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { S3 } from '@aws-sdk/client-s3';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const bucket = arg('bucket');
const s3 = new S3({
  endpoint: arg('endpoint'),
  region: arg('region', 'us-east-1'),
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

async function sha256OfStream(stream) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const piece of stream) {
    hash.update(piece);
    size += piece.length;
  }
  return { sha: hash.digest('hex'), size };
}

const lines = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l.includes('\t'));
let missing = 0;
let differ = 0;
let next = 0;
async function worker() {
  while (next < lines.length) {
    const [key, file] = lines[next++].split('\t');
    const want = await sha256OfStream(fs.createReadStream(file));
    let got;
    try {
      const object = await s3.getObject({ Bucket: bucket, Key: key });
      got = await sha256OfStream(object.Body);
    } catch (err) {
      missing += 1;
      console.log(`missing ${key} (${err.name || err.message})`);
      continue;
    }
    if (got.sha !== want.sha || got.size !== want.size) {
      differ += 1;
      console.log(`differs ${key} ${got.size}/${want.size} bytes`);
    }
  }
}
await Promise.all(Array.from({ length: 8 }, worker));
console.log(`checked ${lines.length}, missing ${missing}, differ ${differ}`);
process.exit(missing + differ === 0 ? 0 : 1);
