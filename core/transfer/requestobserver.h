#pragma once

#include "requestsample.h"

#include <QHash>
#include <QObject>

class QNetworkAccessManager;
class QNetworkReply;

// Sees every request of the network managers it watches, from the moment the manager makes its
// reply to its end, and reports each as a RequestSample: no protocol code has to remember to.
// The start is when the reply is made (its parent is the manager: a ChildAdded event), which is
// when the request is handed to a connection; NetworkPool keeps a manager's requests to one
// server within its connections, so none waits there first. A request for which Qt opened a
// connection (QNetworkReply::socketStartedConnecting) is marked so (RequestSample::newConnection).
class RequestObserver final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RequestObserver)
public:
    using QObject::QObject;

    void watch(QNetworkAccessManager *manager);
    // Microseconds on the clock samples use (monotonic).
    static qint64 nowUs();
    // What a reply's end says of the server's load (pure: tested apart).
    static RequestSample::Outcome outcomeOf(int status, int networkError);

Q_SIGNALS:
    void requestFinished(const RequestSample &sample);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void finished(QNetworkReply *reply);

    struct Started {
        qint64 atUs = 0;
        bool newConnection = false; // the reply's request had a connection opened for it
    };
    QHash<const QObject *, Started> m_started; // by reply
};
