#pragma once

#include "uploadscheduler.h"

#include <QSpinBox>

class AppSettings;

// How many requests go at once, as the toolbar's "Parallel" and the settings dialog offer it:
// "Auto" first (the scheduler finds the level per server), then a fixed cap from
// MinConcurrency to MaxConcurrency. "auto" can be typed, in any case, as can the word shown.
class ParallelSpin final : public QSpinBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ParallelSpin)
public:
    // The value that reads "Auto": one step below the least fixed cap.
    static constexpr int AutoValue = UploadScheduler::MinConcurrency - 1;

    explicit ParallelSpin(QWidget *parent = nullptr);

    bool isAuto() const { return value() == AutoValue; }
    // Shows Auto, or `fixed` when `automatic` is false (signals as setValue does).
    void setChoice(bool automatic, int fixed);
    // Shows what `settings` has in force; sets it there (and remembers it) as shown.
    void showFrom(const AppSettings &settings);
    void applyTo(AppSettings *settings) const;

    // The one sentence that says what Auto does, for tooltips.
    static QString autoDescription();

protected:
    QValidator::State validate(QString &text, int &pos) const override;
    int valueFromText(const QString &text) const override;

private:
    // How far `text` is on its way to the word for Auto: -1 not at all, 0 partly, 1 whole.
    int autoMatch(const QString &text) const;
};
