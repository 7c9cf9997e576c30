// The third-party tus server (@tus/server with @tus/file-store) as a test and benchmark peer.
//   node tus-server.mjs --dir DIR [--port N] [--host 127.0.0.1] [--max-size BYTES]
// Prints "listening PORT" on stdout once it accepts connections. Besides the tus endpoint at
// /files/ it answers GET /__hoist/stats with what it saw, counted where the requests arrive:
// requests by method, uploads in flight at once (now and at most), body bytes read off sockets
// and a log of every request. POST /__hoist/stats/reset clears the counters.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Transform, pipeline } from 'node:stream';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const dir = arg('dir');
if (!dir) {
  console.error('usage: node tus-server.mjs --dir DIR [--port N] [--max-size BYTES]');
  process.exit(2);
}
const port = Number(arg('port', '0'));
const host = arg('host', '127.0.0.1');
const maxSize = Number(arg('max-size', '0'));

// Node 20 + @tus/server can throw ERR_INVALID_STATE a few seconds after an error response
// followed by a GET of a finished upload; keep serving (field notes).
process.on('uncaughtException', (err) => console.error('uncaught:', err && err.message));

// HOIST_TUS_TRACE=FILE: one line per request, per store write and per start, appended with a
// synchronous write so that a SIGKILL loses none of what happened before it (tst_faults reads
// it when a stored file differs from its source).
const traceFile = process.env.HOIST_TUS_TRACE;
function trace(line) {
  if (traceFile) fs.appendFileSync(traceFile, `${Date.now()} ${process.pid} ${line}\n`);
}
function storedSize(id) {
  try {
    return fs.statSync(path.join(dir, id)).size;
  } catch {
    return -1;
  }
}
if (traceFile && fs.existsSync(dir)) {
  for (const name of fs.readdirSync(dir).filter((n) => !n.endsWith('.json')))
    trace(`start ${name} size ${storedSize(name)}`);
}

// The store's writes as they happen: where each began, the first bytes it wrote and how many.
class TracingFileStore extends FileStore {
  async write(readable, id, offset) {
    let head = null;
    let count = 0;
    const tap = new Transform({
      transform(chunk, _, callback) {
        if (head === null) head = chunk.subarray(0, 16).toString('hex');
        count += chunk.length;
        callback(null, chunk);
      },
    });
    trace(`write ${id} at ${offset} (file ${storedSize(id)})`);
    try {
      const end = await super.write(pipeline(readable, tap, () => {}), id, offset);
      trace(`wrote ${id} at ${offset} bytes ${count} head ${head} -> ${end} (file ${storedSize(id)})`);
      return end;
    } catch (err) {
      trace(`write failed ${id} at ${offset} bytes ${count} head ${head} (file ${storedSize(id)}): ${err && (err.body || err.message)}`);
      throw err;
    }
  }
}

const tus = new Server({
  path: '/files',
  datastore: traceFile ? new TracingFileStore({ directory: dir }) : new FileStore({ directory: dir }),
  ...(maxSize > 0 ? { maxSize } : {}),
});

const stats = { inFlight: 0, maxInFlight: 0, byMethod: {}, bodyBytes: 0, log: [] };
function resetStats() {
  stats.maxInFlight = stats.inFlight;
  stats.byMethod = {};
  stats.bodyBytes = 0;
  stats.log = [];
}

// Requests that carry upload bytes; these are what the concurrency limit is about.
function carriesBody(req) {
  return req.method === 'PATCH' || (req.method === 'POST' && Number(req.headers['content-length'] || 0) > 0);
}

const httpServer = http.createServer((req, res) => {
  if (req.url.startsWith('/__hoist/stats')) {
    if (req.method === 'POST') resetStats();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(stats));
    return;
  }
  stats.byMethod[req.method] = (stats.byMethod[req.method] || 0) + 1;
  const uploading = carriesBody(req);
  if (uploading) {
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
  }
  // Count body bytes on the socket: a 'data' listener on req would steal the body (field notes).
  // A keep-alive socket carries requests one after another, so each request's bytes are what
  // the socket read since the previous request on it ended.
  const socket = req.socket;
  const headerBytes =
    `${req.method} ${req.url} HTTP/1.1\r\n`.length + 2 +
    req.rawHeaders.reduce((n, v, i) => n + v.length + (i % 2 ? 2 : 2), 0);
  const entry = {
    method: req.method,
    url: req.url,
    uploadOffset: req.headers['upload-offset'] ?? null,
    uploadLength: req.headers['upload-length'] ?? null,
    contentLength: req.headers['content-length'] ?? null,
    status: 0,
    responseOffset: null,
    socketBytes: 0, // body bytes that arrived for this request
  };
  stats.log.push(entry);
  // The tus server sets its headers through writeHead, where getHeader cannot see them.
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status, ...rest) => {
    const headers = rest.find((h) => h && typeof h === 'object') || {};
    // Either a flat [name, value, name, value...] array or an object.
    const pairs = Array.isArray(headers)
      ? headers.flatMap((v, i) => (i % 2 ? [] : [[v, headers[i + 1]]]))
      : Object.entries(headers);
    for (const [k, v] of pairs) {
      if (String(k).toLowerCase() === 'upload-offset') entry.responseOffset = String(v);
    }
    return writeHead(status, ...rest);
  };
  const id = req.url.split('/').pop();
  trace(`${req.method} ${id} offset ${entry.uploadOffset} length ${entry.contentLength} port ${socket.remotePort}`);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    entry.status = res.statusCode;
    trace(`answered ${req.method} ${id} offset ${entry.uploadOffset}: ${res.statusCode} offset ${entry.responseOffset ?? res.getHeader('upload-offset') ?? '-'} location ${res.getHeader('location') ?? '-'}`);
    if (entry.responseOffset === null && res.getHeader('upload-offset') !== undefined)
      entry.responseOffset = String(res.getHeader('upload-offset'));
    const mark = socket.hoistMark ?? 0;
    socket.hoistMark = socket.bytesRead;
    entry.socketBytes = Math.max(0, socket.bytesRead - mark - headerBytes);
    if (uploading) {
      stats.inFlight -= 1;
      stats.bodyBytes += entry.socketBytes;
    }
  };
  res.on('finish', finish);
  res.on('close', finish);
  tus.handle(req, res);
});

httpServer.listen(port, host, () => {
  console.log(`listening ${httpServer.address().port}`);
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
