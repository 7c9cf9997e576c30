#pragma once

#include "governorstate.h"
#include "transferschedule.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QScrollArea;
class ScheduleGrid;

// Edits the weekly schedule: a palette of modes (full speed, paused, and any number of rates the
// person adds), which doubles as the legend; the 7×24 grid painted with the chosen mode; what a
// metered connection does; and the same rules in the text form a headless run reads
// (--schedule FILE), to copy.
class ScheduleDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScheduleDialog)
public:
    ScheduleDialog(const TransferSchedule &schedule, const QList<qint64> &rates,
                   const MeteredPolicy &metered, QWidget *parent = nullptr);

    TransferSchedule schedule() const;
    // The palette's rates, in use or not.
    QList<qint64> rates() const { return m_rates; }
    MeteredPolicy meteredPolicy() const;

    ScheduleGrid *grid() const { return m_grid; }
    QListWidget *paletteList() const { return m_palette; }
    QLineEdit *rateEdit() const { return m_newRate; }
    QComboBox *meteredCombo() const { return m_metered; }
    QLineEdit *meteredRateEdit() const { return m_meteredRate; }
    QPlainTextEdit *textView() const { return m_text; }
    QScrollArea *scrollArea() const { return m_scroll; }
    // Adds a rate to the palette (as the Add button does with the typed rate) and picks it.
    bool addRate(qint64 bytesPerSecond);
    // Picks the palette's entry for `mode` as the brush.
    void choose(const ScheduleMode &mode);

    void accept() override;

private:
    void fillPalette();
    void addTypedRate();
    void removeChosenRate();
    void showText();
    void updateMeteredRate();

    ScheduleGrid *m_grid;
    QListWidget *m_palette;
    QLineEdit *m_newRate;
    QComboBox *m_metered;
    QLineEdit *m_meteredRate;
    QPlainTextEdit *m_text;
    QScrollArea *m_scroll = nullptr;
    QList<qint64> m_rates;
};
