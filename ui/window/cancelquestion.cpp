#include "cancelquestion.h"

#include <QMessageBox>

QString CancelQuestion::text(int count, int sent)
{
    const QString question =
        count == 1 ? tr("Cancel this upload?") : tr("Cancel %n uploads?", nullptr, count);
    // Only say bytes are deleted when some were sent.
    QString what;
    if (count == 1)
        what = sent == 0 ? tr("Nothing of it has been sent yet.")
                         : tr("What it already sent is deleted from the server, where the server "
                              "allows it.");
    else if (sent == 0)
        what = tr("None of them has sent anything yet.");
    else if (sent == count)
        what = tr("What they already sent is deleted from the server, where the server allows "
                  "it.");
    else
        what = tr("%n of them had already sent part of their file: that part is deleted from the "
                  "server, where the server allows it.",
                  nullptr, sent);
    return question + QLatin1Char('\n') + what;
}

bool CancelQuestion::ask(QWidget *parent, int count, int sent)
{
    const auto answer = QMessageBox::question(parent, tr("Cancel uploads"), text(count, sent),
                                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    return answer == QMessageBox::Yes;
}
