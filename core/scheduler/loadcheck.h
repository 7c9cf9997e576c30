#pragma once

#include "loadresponse.h"
#include "transfer.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QUrl>

#include <functional>

// Measures, once per server, whether its answers slow down with the number of our requests
// running there at once (LoadResponse): LoadResponses::Alone small requests one after another
// (TransferProtocol::checkServer: tus OPTIONS, S3 HEAD bucket; the least of their times counts),
// then LoadResponses::Together of them at once. It runs when an
// endpoint's capabilities were just learnt (TransferProtocol::probed: before a large file's first
// bytes, usually while the file is hashed) and `wanted` says the answer matters and nothing else
// runs there (other requests would blur it); it costs the requests alone and the quickest of
// those together (three round trips of a far link).
// What it finds goes to judged() (Unknown when an answer failed, or after two seconds); the
// scheduler holds the server's uploads while it runs.
class LoadCheck final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LoadCheck)
public:
    using HeadersFor = std::function<HttpHeaders(const QUrl &endpoint)>;
    using Wanted = std::function<bool(const QUrl &endpoint)>;

    LoadCheck(TransferProtocol *protocol, HeadersFor headersFor, Wanted wanted,
              QObject *parent = nullptr);

    // Whether the server `server` (a NetworkPool::serverOf()) is being checked now.
    bool checking(const QString &server) const { return m_runs.contains(server); }
    // Checks the server of `endpoint` now, unless it was or is being checked.
    void check(const QUrl &endpoint);

Q_SIGNALS:
    void judged(const QUrl &endpoint, LoadResponse response);

private:
    struct Run {
        QUrl endpoint;
        qint64 sentUs = 0;
        qint64 aloneUs = 0;    // the least a request alone took; 0: none has answered yet
        int alone = 0;         // requests alone that answered
        qint64 quickestUs = 0; // the first answer of those sent together
    };
    void probed(const QUrl &endpoint);
    void answered(const QUrl &endpoint, const TransferError &error);
    void judge(const QString &server, const Run &run);
    void finish(const QString &server, LoadResponse response);

    TransferProtocol *m_protocol;
    HeadersFor m_headersFor;
    Wanted m_wanted;
    QHash<QString, Run> m_runs; // by server
    QSet<QString> m_checked;    // servers checked (or being checked) this session
};
