#pragma once

#include "transfer.h"
#include "tusprotocol.h"

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

// Asks an endpoint once whether it is a tus server and what it offers: one OPTIONS, answered
// within a deadline, so that a person learns of a wrong address when typing it rather than from
// uploads failing later. Only http and https are asked; a newer check cancels the one before.
class EndpointCheck final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EndpointCheck)
public:
    struct Result {
        QUrl endpoint;
        bool ok = false;
        // Ok: "tus 1.0.0 · checksum, concatenation, creation"; else the cause first, whole:
        // "Connection refused by 127.0.0.1:9", "Not a tus server (HTTP 404)".
        QString summary;
        int httpStatus = 0; // 0 when no HTTP answer came
        TusCapabilities capabilities;
    };

    static constexpr int DefaultDeadlineMs = 4000;

    explicit EndpointCheck(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~EndpointCheck() override;

    void setDeadline(int ms) { m_deadline.setInterval(ms); }
    // Whether `endpoint` is one this class can ask (http or https with a host).
    static bool isCheckable(const QUrl &endpoint);
    // Starts a check, cancelling any running one; false (and nothing is reported) when the
    // endpoint is not checkable.
    bool check(const QUrl &endpoint, const HttpHeaders &headers = {});
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void finished(const EndpointCheck::Result &result);

private:
    void onFinished();
    void onDeadline();
    Result judge(QNetworkReply *reply) const;

    QNetworkAccessManager *m_network;
    QPointer<QNetworkReply> m_reply;
    QUrl m_endpoint;
    QTimer m_deadline;
};

Q_DECLARE_METATYPE(EndpointCheck::Result)
