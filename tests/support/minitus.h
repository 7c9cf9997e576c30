#pragma once

#include "crc32coracle.h"
#include "scriptedserver.h"

#include <QCryptographicHash>
#include <QHash>

#include <functional>
#include <optional>

// A small tus 1.0 server for ScriptedServer, so fault tests only script the fault: creation,
// creation-with-upload, HEAD, PATCH, termination and the checksum extension, all in memory.
// `fault` sees every request first and may answer instead (return a reply) or let it through.
struct MiniTus {
    using Request = ScriptedServer::Request;
    using Reply = ScriptedServer::Reply;

    QByteArray extensions = "creation,creation-with-upload,termination,checksum";
    QByteArray checksumAlgorithms = "md5,sha1,sha256";
    std::function<std::optional<Reply>(const Request &)> fault;

    QHash<QByteArray, QByteArray> data; // path -> bytes received
    QHash<QByteArray, qint64> lengths;  // path -> Upload-Length
    QList<QByteArray> checksumsSeen;    // algorithm names of Upload-Checksum headers
    int created = 0;

    ScriptedServer::Handler handler()
    {
        return [this](const Request &request) { return handle(request); };
    }

    static Reply tusReply(int status, ScriptedServer::Headers headers = {})
    {
        headers.append(qMakePair(QByteArray("Tus-Resumable"), QByteArray("1.0.0")));
        return Reply(status, headers);
    }

    Reply handle(const Request &r)
    {
        if (fault) {
            if (std::optional<Reply> reply = fault(r))
                return *reply;
        }
        if (r.method == "OPTIONS") {
            ScriptedServer::Headers headers{{"Tus-Version", "1.0.0"},
                                            {"Tus-Extension", extensions}};
            if (!checksumAlgorithms.isEmpty())
                headers.append(qMakePair(QByteArray("Tus-Checksum-Algorithm"), checksumAlgorithms));
            return tusReply(204, headers);
        }
        if (r.header("Tus-Resumable") != "1.0.0")
            return Reply(412, {}, "Tus-Resumable missing");
        if (r.method == "POST") {
            const QByteArray path = "/files/" + QByteArray::number(++created);
            lengths.insert(path, r.header("Upload-Length").toLongLong());
            data.insert(path, QByteArray());
            if (!r.body.isEmpty()) {
                if (auto bad = checkBody(r))
                    return *bad;
                data[path] = r.body;
            }
            // Relative on purpose: clients must resolve it against the request URL.
            return tusReply(201, {{"Location", path},
                                  {"Upload-Offset", QByteArray::number(data[path].size())}});
        }
        if (!data.contains(r.path))
            return tusReply(404);
        if (r.method == "HEAD") {
            return tusReply(200, {{"Upload-Offset", QByteArray::number(data[r.path].size())},
                                  {"Upload-Length", QByteArray::number(lengths[r.path])},
                                  {"Cache-Control", "no-store"}});
        }
        if (r.method == "PATCH") {
            if (r.header("Content-Type") != "application/offset+octet-stream")
                return Reply(415);
            if (r.header("Upload-Offset").toLongLong() != data[r.path].size())
                return tusReply(409);
            if (auto bad = checkBody(r))
                return *bad;
            data[r.path] += r.body;
            return tusReply(204, {{"Upload-Offset", QByteArray::number(data[r.path].size())}});
        }
        if (r.method == "DELETE") {
            data.remove(r.path);
            return tusReply(204);
        }
        return Reply(405);
    }

    std::optional<Reply> checkBody(const Request &r)
    {
        const QByteArray checksum = r.header("Upload-Checksum");
        if (checksum.isEmpty())
            return std::nullopt;
        const QByteArray name = checksum.left(checksum.indexOf(' '));
        checksumsSeen.append(name);
        const QByteArray digest = QByteArray::fromBase64(checksum.mid(checksum.indexOf(' ') + 1));
        if (name == "crc32c")
            return crc32cBitwiseDigest(r.body) == digest ? std::nullopt
                                                         : std::optional<Reply>(tusReply(460));
        QCryptographicHash::Algorithm algorithm;
        if (name == "sha1")
            algorithm = QCryptographicHash::Sha1;
        else if (name == "sha256")
            algorithm = QCryptographicHash::Sha256;
        else if (name == "sha512")
            algorithm = QCryptographicHash::Sha512;
        else if (name == "md5")
            algorithm = QCryptographicHash::Md5;
        else
            return Reply(400, {}, "unsupported checksum algorithm");
        if (QCryptographicHash::hash(r.body, algorithm) != digest)
            return tusReply(460);
        return std::nullopt;
    }
};
