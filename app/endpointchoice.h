#pragma once

#include "embeddedserver.h"

#include <QList>
#include <QString>
#include <QUrl>

class MainWindow;
class UploadScheduler;
struct TaskRecord;

// Where the window's uploads go: --endpoint, else the address the window remembered, else
// Hoist's own server on this computer (hoistd in-process, on 127.0.0.1), started on first need.
// Owns that server; destroy it after the scheduler, so that no request is cut at exit.
class EndpointChoice final {
    Q_DISABLE_COPY_MOVE(EndpointChoice)
public:
    // `serverDataDir`: where the local server keeps what it receives; `namedDir`: where each
    // finished upload also appears under its own name (see namedFolderFor()).
    explicit EndpointChoice(const QString &serverDataDir, const QString &namedDir = {});

    // Where the window's server puts finished uploads under their names: ~/Hoist, or with
    // --state-dir (tests, second queues) that directory's "files", so that it never mixes
    // with the person's own.
    static QString namedFolderFor(const QString &stateDirOption);

    // What the window's own server is called in the endpoint field.
    static QString localName();

    // The endpoint to start with. Empty with a sentence in `problem` when only the local server
    // would do and it cannot start (another hoistd holds its data directory, say).
    QUrl initial(const QUrl &commandLine, QString *problem);
    // Starts the local server if it is not running; its endpoint, or empty with `error` set.
    QUrl startLocal(QString *error);
    // Restored tasks that went to the local server last time point at the port it had then. When
    // it listens elsewhere now (that port was taken), or the window has moved on to another
    // server and it was not started, those tasks would fail with "connection refused": this starts
    // it when one of them is unfinished and moves all of them to its current port. Returns how
    // many records it changed; `problem` gets a sentence when the server could not start.
    int adoptRestored(QList<TaskRecord> *records, QString *problem);
    // Offers the local server in the window (MainWindow::setNamedEndpoint), and what may be
    // done there with the files it stored ("Show in folder", "Remove from this computer").
    void offerTo(MainWindow *window);

    // Whether `endpoint` is the local server's (as it listens now, or listened last run).
    bool isLocalEndpoint(const QUrl &endpoint) const;
    // The upload `uploadUrl` names on the local server (as it listens now, or listened last
    // run): its id; empty for any other server.
    QString localId(const QUrl &uploadUrl) const;
    // The local upload's file under its own name; empty when it has none. Starts the server.
    QString storedFile(const QUrl &uploadUrl);
    // Deletes the local upload and its named file; false with a sentence in `error`.
    bool removeStored(const QUrl &uploadUrl, QString *error);

    EmbeddedServer &server() { return m_server; }

private:
    EmbeddedServer m_server;
    quint16 m_previousPort = 0; // the local server's port at the end of the last run
};
