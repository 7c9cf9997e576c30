#pragma once

#include "fittinglabel.h"

class QueueSaveStatus;

// The status bar's word that the upload queue cannot be saved (a full disk): shown at once when
// saving starts failing, with the cause, and gone once the store has caught up. Hidden otherwise:
// a queue that saves is not news. In a narrow window it gives way to shorter forms that keep the
// cause; the tooltip and text() keep the whole sentence.
class SaveProblemLabel final : public FittingLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaveProblemLabel)
public:
    explicit SaveProblemLabel(QueueSaveStatus *status, QWidget *parent = nullptr);

private:
    void showProblem(const QString &message);

    QueueSaveStatus *m_status;
};
