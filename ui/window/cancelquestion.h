#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

// What the window asks before cancelling uploads: how many, and whether bytes already sent are
// deleted from the server (said only when some were sent).
class CancelQuestion {
    Q_DECLARE_TR_FUNCTIONS(CancelQuestion)
public:
    // `count` uploads to cancel, `sent` of them with bytes on the server.
    static QString text(int count, int sent);
    // Asks over `parent`; true when the person says Yes (No is the default).
    static bool ask(QWidget *parent, int count, int sent);
};
