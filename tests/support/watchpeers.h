#pragma once

#include "hoistdprocess.h"
#include "hoistdrequestlog.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

// What a watched-folder test stands on, fresh for each test function: a hoistd linking what it
// receives under a named folder (so stored bytes are found by name), its request log (to count
// creations), the folder watched and Hoist's state folder. Shared by the window-less engine test
// and the headless one.
class WatchPeers {
protected:
    // Call from init(): fails the test when hoistd does not start.
    void startPeers()
    {
        m_named = std::make_unique<QTemporaryDir>();
        m_watched = std::make_unique<QTemporaryDir>();
        m_state = std::make_unique<QTemporaryDir>();
        m_server = std::make_unique<HoistdProcess>();
        QVERIFY2(m_server->start(
                     {QStringLiteral("--verbose"), QStringLiteral("--named-dir"), m_named->path()}),
                 qPrintable(m_server->errorString()));
        m_log.restart(m_server->logPath(), m_server->logSizeAtStart());
    }
    // Call from cleanup().
    void stopPeers() { m_server.reset(); }

    std::unique_ptr<HoistdProcess> m_server;
    std::unique_ptr<QTemporaryDir> m_named;
    std::unique_ptr<QTemporaryDir> m_watched;
    std::unique_ptr<QTemporaryDir> m_state;
    HoistdRequestLog m_log;
};
