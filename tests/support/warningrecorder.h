#pragma once

#include <QString>
#include <QStringList>

// Records every warning and critical message Qt prints while it exists (a message handler,
// chained to the one before), so that a test can fail on a warning Qt only prints: Qt's
// "QNetworkReplyImplPrivate::error: Internal problem, this method must only be called once.",
// for one. One at a time; messages from any thread.
class WarningRecorder final {
    Q_DISABLE_COPY_MOVE(WarningRecorder)
public:
    WarningRecorder();
    ~WarningRecorder();

    QStringList warnings() const;
    // How many recorded warnings contain `text`.
    int count(const QString &text) const;
    // Qt's report of an error reaching a reply twice.
    int doubleErrors() const { return count(QStringLiteral("must only be called once")); }
};
