#include "parallelspin.h"

#include "appsettings.h"

ParallelSpin::ParallelSpin(QWidget *parent)
    : QSpinBox(parent)
{
    setRange(AutoValue, UploadScheduler::MaxConcurrency);
    setSpecialValueText(tr("Auto"));
    setAccelerated(true);
}

void ParallelSpin::setChoice(bool automatic, int fixed)
{
    setValue(automatic ? AutoValue : qMax(fixed, UploadScheduler::MinConcurrency));
}

void ParallelSpin::showFrom(const AppSettings &settings)
{
    setChoice(settings.autoConcurrency(), settings.concurrency());
}

void ParallelSpin::applyTo(AppSettings *settings) const
{
    if (isAuto())
        settings->setAutoConcurrency(true);
    else
        settings->setConcurrency(value());
}

QString ParallelSpin::autoDescription()
{
    return tr("Auto: Hoist finds how many requests at once each server rewards, adding more while "
              "uploads get faster and fewer when a server slows down or refuses.");
}

int ParallelSpin::autoMatch(const QString &text) const
{
    const QString typed = text.trimmed();
    if (typed.isEmpty())
        return -1;
    // The English word works whatever the language shown, as "-c auto" does.
    for (const QString &word : {specialValueText(), QStringLiteral("auto")}) {
        if (word.compare(typed, Qt::CaseInsensitive) == 0)
            return 1;
        if (word.startsWith(typed, Qt::CaseInsensitive))
            return 0;
    }
    return -1;
}

QValidator::State ParallelSpin::validate(QString &text, int &pos) const
{
    switch (autoMatch(text)) {
    case 1:
        return QValidator::Acceptable;
    case 0:
        return QValidator::Intermediate;
    default:
        return QSpinBox::validate(text, pos);
    }
}

int ParallelSpin::valueFromText(const QString &text) const
{
    return autoMatch(text) == 1 ? AutoValue : QSpinBox::valueFromText(text);
}
