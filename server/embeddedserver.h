#pragma once

#include "diskuploadstore.h"

#include <QString>
#include <QUrl>

#include <memory>

class HoistdInstance;

// hoistd in-process, for an application that brings its own server: the anonymous user only,
// on 127.0.0.1, storing under `dataDir`, and finished uploads also under their own names in
// `namedDir` when one is given (hoistd --named-dir). Needs the thread it lives on to run an event
// loop (the expiry sweep is a timer); HTTP runs on threads of its own.
class EmbeddedServer final {
    Q_DISABLE_COPY_MOVE(EmbeddedServer)
public:
    explicit EmbeddedServer(const QString &dataDir, const QString &namedDir = {});
    ~EmbeddedServer();

    // Listens on `preferredPort` when it is free (so that uploads left unfinished last time,
    // which remember their URLs, find the server where it was), else on any free port. False
    // with a sentence in `error`, e.g. when another hoistd holds the data directory.
    bool start(QString *error, quint16 preferredPort = 0);
    // Ends requests in flight (what was acknowledged is kept) and closes the storage.
    void stop();
    bool isRunning() const;

    QString dataDir() const { return m_dataDir; }
    quint16 port() const;
    // http://127.0.0.1:PORT/files/ while running; empty otherwise.
    QUrl endpoint() const;
    // What the server holds (always on disk); only while running.
    DiskUploadStore *store() const;
    // The named file of upload `id` (finished, with a name): its absolute path; empty otherwise.
    QString namedFile(const QString &id) const;
    // Deletes upload `id`, its stored bytes and its named file. False with a sentence in `error`.
    bool remove(const QString &id, QString *error);

private:
    QString m_dataDir;
    QString m_namedDir;
    std::unique_ptr<HoistdInstance> m_instance;
    DiskUploadStore *m_store = nullptr; // m_instance's
};
