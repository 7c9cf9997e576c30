#pragma once

#include "uploadtypes.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class CertificateTrust;
class QMenu;
class QWidget;
class RowActions;
class UploadTask;

// For uploads that failed on a server's HTTPS certificate: "View certificate…" (the details,
// CertificateDialog) and "Trust this certificate for host:port" in the table's context menu.
// Trusting is for that one certificate on that one server (CertificateTrust), asked first; the
// uploads that failed there are then retried.
class CertificateActions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CertificateActions)
public:
    // Asked before trusting; `server`, `problem` and the spaced fingerprint are shown.
    using Confirm = std::function<bool(const QString &server, const QString &problem,
                                       const QString &fingerprint)>;

    // Joins `rows`' context menu; `window` parents the dialogs and is this object's parent.
    CertificateActions(CertificateTrust *trust, RowActions *rows, QWidget *window);

    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }

    // Servers among `ids`' failed uploads whose certificate was refused, "host:port".
    QStringList refusedServers(const QList<TaskId> &ids) const;
    // Shows the certificate refused on `server`; trusts it if the person says so there.
    void view(const QString &server);
    // Trusts the certificate refused on `server` after the question; retries the uploads that
    // failed there. False when not asked for, not trustable or declined.
    bool trust(const QString &server);

private:
    void addTo(QMenu *menu, const QList<TaskId> &ids);
    bool failedAt(const UploadTask &task, const QString &server) const;
    void retryAt(const QString &server);

    CertificateTrust *m_trust;
    RowActions *m_rows;
    QWidget *m_window;
    Confirm m_confirm;
};
