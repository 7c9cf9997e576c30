#pragma once

#include <QDialog>

class PowerCountdown;
class QLabel;
class QProgressBar;
class QPushButton;

// The last minute before Hoist suspends or shuts down the computer after a batch: what will
// happen and when, a bar running down, Cancel (the default, also Esc and closing the dialog)
// and a button to do it now. Never modal: the window stays usable meanwhile. It closes itself
// when the countdown ends either way.
class CountdownDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountdownDialog)
public:
    // `summary`: how the batch ended ("42 uploads finished"), said above the countdown.
    CountdownDialog(PowerCountdown *countdown, const QString &summary, QWidget *parent = nullptr);

    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *nowButton() const { return m_now; }
    QLabel *label() const { return m_label; }

    void reject() override;

private:
    void showLeft(int secondsLeft);

    PowerCountdown *m_countdown;
    QString m_summary;
    QLabel *m_label;
    QProgressBar *m_bar;
    QPushButton *m_cancel;
    QPushButton *m_now;
    bool m_over = false;
};
