#pragma once

#include "endpointcheck.h"

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

class QAction;
class QLineEdit;
class ServerHealth;

// Beside the Server field, whether the endpoint answered as a tus server: a check mark with what
// it offers in its tooltip, or the field's warning with the reason, cause first. One OPTIONS
// when an endpoint is set (EndpointCheck); editing the field hides the verdict until the next.
// While uploads find the server unreachable (ServerHealth), the check mark gives way to the
// warning ("Unreachable since 13:11 · next try in 2 min"), and comes back when it answers.
class EndpointStatus final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EndpointStatus)
public:
    // `warning`: the field's own warning action, shared with its syntax check.
    EndpointStatus(QLineEdit *edit, QAction *warning, QObject *parent = nullptr);

    // Checks `endpoint`, unless it is the one shown or being checked and the field was not
    // edited since. Not http(s): shows nothing.
    void check(const QUrl &endpoint, const HttpHeaders &headers);
    // Hides the verdict and stops a check on its way.
    void clear();
    // Follows the outages `health` finds for the endpoint shown.
    void setServerHealth(ServerHealth *health);
    // Whether the warning shows an outage now.
    bool showsOutage() const { return m_outageTimer.isActive(); }

    EndpointCheck *endpointCheck() const { return m_check; }
    QAction *okAction() const { return m_ok; }
    QAction *warningAction() const { return m_warning; }
    const EndpointCheck::Result &result() const { return m_result; }

Q_SIGNALS:
    void checked(const EndpointCheck::Result &result);

private:
    void show(const EndpointCheck::Result &result);
    // Shows (or hides, once over) the outage of the endpoint's server, if any.
    void showOutage();

    QAction *m_warning;
    QAction *m_ok;
    EndpointCheck *m_check;
    QUrl m_endpoint; // shown or being checked; empty after clear()
    EndpointCheck::Result m_result;
    QPointer<ServerHealth> m_health;
    QTimer m_outageTimer; // counts the next try down while an outage shows
};
