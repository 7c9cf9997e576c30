#pragma once

#include "fittinglabel.h"

class QueueSaveStatus;

// The status bar's word that the upload queue cannot be saved (a full disk): shown at once when
// saving starts failing, with the cause, and gone once the store has caught up. Hidden otherwise:
// a queue that saves is not news. It gives way before the counts beside it: it asks for no more
// than its shortest width (sizeHint()) and takes the room the counts leave (the status bar's
// stretch, StretchInStatusBar), showing the longest of its forms that fits there, down to the
// shortest elided; the tooltip and text() keep the whole sentence. Its red is
// behind its text only, not across the room it was given.
class SaveProblemLabel final : public FittingLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaveProblemLabel)
public:
    // Its stretch in the status bar, against the counts' 1: the room left is the notice's.
    static constexpr int StretchInStatusBar = 100;

    explicit SaveProblemLabel(QueueSaveStatus *status, QWidget *parent = nullptr);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void showProblem(const QString &message);

    QueueSaveStatus *m_status;
};
