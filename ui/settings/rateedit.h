#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

// A speed limit typed as the command line's --limit-rate takes it ("512K", "2M", "1.5M/s",
// "1048576"; binary units, at least 1K), read by the one parser both use
// (ScheduleMode::parseRate). Empty is no limit. Beside the field it says what it understood
// ("= 512 KiB/s"), or, in red, why the text is not a rate.
class RateEdit final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RateEdit)
public:
    explicit RateEdit(QWidget *parent = nullptr);

    // Bytes per second: 0 for no limit, -1 while the text is not a rate.
    qint64 rate() const;
    bool isValid() const { return rate() >= 0; }
    // Shows `bytesPerSecond` (0: empty, no limit) in the shortest form the parser reads back.
    void setRate(qint64 bytesPerSecond);

    QLineEdit *edit() const { return m_edit; }
    // "= 512 KiB/s", "No limit", or the problem.
    QLabel *understoodLabel() const { return m_understood; }

Q_SIGNALS:
    void validityChanged(bool valid);

private:
    void showUnderstood();

    QLineEdit *m_edit;
    QLabel *m_understood;
    bool m_valid = true;
};
