#include "settingsdialog.h"

#include "theme.h"

#include "appsettings.h"
#include "dialogfitter.h"
#include "formatting.h"
#include "parallelspin.h"
#include "pathpatterns.h"
#include "patternlistedit.h"
#include "rateedit.h"
#include "targetsettings.h"
#include "targetsettingsgroup.h"
#include "uploadscheduler.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr int maxChunkMiB = 1024;
constexpr int fieldWidth = 120;
constexpr int commandWidth = 320;

template <typename Enum>
void selectData(QComboBox *combo, Enum value)
{
    combo->setCurrentIndex(qMax(0, combo->findData(QVariant::fromValue(value))));
}
} // namespace

SettingsDialog::SettingsDialog(AppSettings *settings, bool trayAvailable, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_concurrency(new ParallelSpin(this))
    , m_perServer(new QSpinBox(this))
    , m_chunkSize(new QSpinBox(this))
    , m_giveUpAfter(new QComboBox(this))
    , m_rateLimit(new RateEdit(this))
    , m_batchAction(new QComboBox(this))
    , m_batchCommand(new QLineEdit(this))
    , m_closeBehaviour(new QComboBox(this))
    , m_startInTray(new QCheckBox(tr("Start &minimised to the tray"), this))
    , m_language(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_exclude(new PatternListEdit(PathPatterns::defaultExcludes(), this))
    , m_targets(new TargetSettingsGroup(this))
{
    Q_ASSERT(settings);
    setWindowTitle(tr("Hoist settings"));

    m_concurrency->setToolTip(tr("How many requests go at once, in all (the toolbar's "
                                 "“Parallel”).")
                              + QLatin1Char('\n') + ParallelSpin::autoDescription());
    m_perServer->setRange(0, UploadScheduler::MaxConcurrency);
    m_perServer->setSpecialValueText(tr("Any"));
    m_perServer->setToolTip(tr("At most this many requests to one server at once"));
    m_chunkSize->setRange(0, maxChunkMiB);
    m_chunkSize->setSuffix(tr(" MiB"));
    m_chunkSize->setSpecialValueText(tr("Automatic"));
    m_chunkSize->setToolTip(tr("Automatic: 8 MiB, with requests growing up to 64 MiB on fast "
                               "links. A size: no request carries more (for servers or proxies "
                               "that refuse large requests). For uploads added from now on."));
    constexpr qint64 hour = 3600;
    m_giveUpAfter->addItem(tr("1 h"), hour);
    m_giveUpAfter->addItem(tr("6 h"), 6 * hour);
    m_giveUpAfter->addItem(tr("24 h"), 24 * hour);
    m_giveUpAfter->addItem(tr("3 days"), 72 * hour);
    m_giveUpAfter->addItem(tr("7 days"), 168 * hour);
    m_giveUpAfter->addItem(tr("Never"), qint64(0));
    m_giveUpAfter->setToolTip(tr("While its server does not answer or keeps failing, an upload "
                                 "waits and tries again; it fails only after this long without "
                                 "progress (as --give-up-after). A server that says it will "
                                 "come back (its disk is full, it asks to wait) is waited for "
                                 "however long it takes"));
    m_rateLimit->setToolTip(tr("All uploads together send at most this much (the status bar's "
                               "“Limit”)"));
    for (QWidget *field :
         {static_cast<QWidget *>(m_concurrency), static_cast<QWidget *>(m_perServer),
          static_cast<QWidget *>(m_chunkSize), static_cast<QWidget *>(m_giveUpAfter)})
        field->setMinimumWidth(fieldWidth);

    using Batch = AppSettings::BatchAction;
    m_batchAction->addItem(tr("Do nothing"), QVariant::fromValue(Batch::Nothing));
    m_batchAction->addItem(tr("Show a notification"), QVariant::fromValue(Batch::Notify));
    m_batchAction->addItem(tr("Run a command"), QVariant::fromValue(Batch::Command));
    m_batchAction->addItem(tr("Suspend the computer"), QVariant::fromValue(Batch::Suspend));
    m_batchAction->addItem(tr("Shut down the computer"), QVariant::fromValue(Batch::Shutdown));
    m_batchAction->addItem(tr("Quit Hoist when all succeeded"), QVariant::fromValue(Batch::Quit));
    m_batchAction->setToolTip(tr("A batch has finished when nothing is uploading or waiting any "
                                 "more. Suspending and shutting down wait 60 seconds, which "
                                 "can be cancelled. Quitting waits for all to succeed: with "
                                 "failures Hoist stays open and notifies, so that they can be "
                                 "seen."));
    m_batchCommand->setPlaceholderText(
        tr("e.g. notify-send Hoist \"$HOIST_FINISHED_COUNT uploaded\""));
    m_batchCommand->setToolTip(
        tr("Run by /bin/sh. Its environment names the files: HOIST_FINISHED_COUNT and "
           "HOIST_FAILED_COUNT say how many; HOIST_FINISHED_LIST and HOIST_FAILED_LIST are files "
           "listing their paths, one a line. If it fails, Hoist says so."));
    m_batchCommand->setClearButtonEnabled(true);
    m_batchCommand->setMinimumWidth(commandWidth); // a command line is longer than a number
    const auto followAction = [this] {
        m_batchCommand->setEnabled(m_batchAction->currentData().value<Batch>() == Batch::Command);
    };
    connect(m_batchAction, &QComboBox::currentIndexChanged, this, followAction);

    using Close = AppSettings::CloseBehaviour;
    m_closeBehaviour->addItem(tr("Ask"), QVariant::fromValue(Close::Ask));
    if (trayAvailable)
        m_closeBehaviour->addItem(tr("Keep uploading in the tray"),
                                  QVariant::fromValue(Close::Tray));
    m_closeBehaviour->addItem(tr("Quit; resume next time"), QVariant::fromValue(Close::Quit));
    m_closeBehaviour->setToolTip(tr("What closing the window does while uploads run or wait"));
    m_startInTray->setEnabled(trayAvailable);
    if (!trayAvailable)
        m_startInTray->setToolTip(tr("This desktop has no system tray"));

    // Each language in its own words, so that it can be found whatever Hoist speaks now.
    m_language->addItem(tr("Follow the system"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));

    m_theme->addItem(tr("Follow the system"), Theme::name(Theme::Choice::System));
    m_theme->addItem(tr("Light"), Theme::name(Theme::Choice::Light));
    m_theme->addItem(tr("Dark"), Theme::name(Theme::Choice::Dark));

    auto *uploads = new QGroupBox(tr("Uploads"), this);
    auto *uploadForm = new QFormLayout(uploads);
    uploadForm->addRow(tr("&Parallel requests:"), m_concurrency);
    uploadForm->addRow(tr("Per s&erver:"), m_perServer);
    uploadForm->addRow(tr("&Chunk size:"), m_chunkSize);
    uploadForm->addRow(tr("&Give up after:"), m_giveUpAfter);
    uploadForm->addRow(tr("&Speed limit:"), m_rateLimit);

    auto *window = new QGroupBox(tr("Window"), this);
    auto *windowForm = new QFormLayout(window);
    windowForm->addRow(tr("When a &batch finishes:"), m_batchAction);
    windowForm->addRow(tr("Co&mmand:"), m_batchCommand);
    windowForm->addRow(tr("Closing &while uploading:"), m_closeBehaviour);
    windowForm->addRow(QString(), m_startInTray);
    windowForm->addRow(tr("&Theme:"), m_theme);
    windowForm->addRow(tr("&Language:"), m_language);
    auto *restartNote = new QLabel(tr("A new language applies when Hoist starts again."), this);
    restartNote->setWordWrap(true);
    restartNote->setEnabled(false); // greyed: a note, not a field
    windowForm->addRow(QString(), restartNote);

    auto *folders = new QGroupBox(tr("Left out of folders"), this);
    auto *folderLayout = new QVBoxLayout(folders);
    auto *excludeNote = new QLabel(tr("Files and folders matching these are never uploaded from "
                                      "dropped or watched folders."),
                                   this);
    excludeNote->setWordWrap(true);
    folderLayout->addWidget(excludeNote);
    folderLayout->addWidget(m_exclude);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    // Not a rate, or not a mode: nothing is written until it is one (the field says why).
    const auto followValidity = [this, ok = buttons->button(QDialogButtonBox::Ok)] {
        ok->setEnabled(m_rateLimit->isValid() && m_targets->isValid());
    };
    connect(m_rateLimit, &RateEdit::validityChanged, this, followValidity);
    connect(m_targets, &TargetSettingsGroup::validityChanged, this, followValidity);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // The groups scroll where the screen is too short for them (800x500); OK and Cancel stay.
    auto *body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins({});
    bodyLayout->addWidget(uploads);
    bodyLayout->addWidget(m_targets);
    bodyLayout->addWidget(window);
    bodyLayout->addWidget(folders);
    bodyLayout->addStretch(1);
    QScrollArea *scroll = DialogFitter::scrollArea(this);
    scroll->setWidget(body);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(buttons);
    load();
    DialogFitter::fitToScreen(this, scroll);
}

void SettingsDialog::load()
{
    m_concurrency->showFrom(*m_settings);
    m_shownConcurrency = m_concurrency->value();
    m_perServer->setValue(m_settings->perServerLimit());
    // A fixed size below 1 MiB (only the command line sets one) shows as 1 MiB.
    const qint64 chunk = m_settings->chunkSize();
    const qint64 chunkMiB = qBound(qint64(1), (chunk + MiB / 2) / MiB, qint64(maxChunkMiB));
    m_chunkSize->setValue(chunk == 0 ? 0 : int(chunkMiB));
    m_shownChunkSize = m_chunkSize->value();
    // A duration the command line gave that the list lacks is offered as it is.
    const qint64 giveUp = m_settings->giveUpAfterMs() / 1000;
    if (m_giveUpAfter->findData(giveUp) < 0)
        m_giveUpAfter->insertItem(0, formatDuration(giveUp), giveUp);
    m_giveUpAfter->setCurrentIndex(m_giveUpAfter->findData(giveUp));
    m_rateLimit->setRate(m_settings->rateLimit());
    m_shownRate = m_rateLimit->rate();
    selectData(m_batchAction, m_settings->batchAction());
    m_batchCommand->setText(m_settings->batchCommand());
    m_batchCommand->setCursorPosition(0); // its start says what it is
    m_batchCommand->setEnabled(m_settings->batchAction() == AppSettings::BatchAction::Command);
    selectData(m_closeBehaviour, m_settings->closeBehaviour());
    m_startInTray->setChecked(m_settings->startInTray());
    m_language->setCurrentIndex(qMax(0, m_language->findData(m_settings->language())));
    m_theme->setCurrentIndex(
        qMax(0, m_theme->findData(Theme::name(Theme::fromName(m_settings->theme())))));
    m_exclude->setPatterns(m_settings->excludePatterns());
    m_targets->load(*m_settings->targets());
}

void SettingsDialog::accept()
{
    if (!m_rateLimit->isValid()) {
        m_rateLimit->setFocus(Qt::OtherFocusReason);
        return;
    }
    if (!m_targets->isValid())
        return;
    if (m_concurrency->value() != m_shownConcurrency)
        m_concurrency->applyTo(m_settings);
    if (m_perServer->value() != m_settings->perServerLimit())
        m_settings->setPerServerLimit(m_perServer->value());
    // Sizes shown rounded are written only when changed, so that OK keeps an exact one.
    if (m_chunkSize->value() != m_shownChunkSize)
        m_settings->setChunkSize(qint64(m_chunkSize->value()) * MiB);
    const qint64 giveUp = m_giveUpAfter->currentData().toLongLong();
    if (giveUp * 1000 != m_settings->giveUpAfterMs())
        m_settings->setGiveUpAfterMs(giveUp * 1000);
    if (m_rateLimit->rate() != m_shownRate)
        m_settings->setRateLimit(m_rateLimit->rate());
    m_settings->setBatchAction(m_batchAction->currentData().value<AppSettings::BatchAction>());
    m_settings->setBatchCommand(m_batchCommand->text().trimmed());
    m_settings->setCloseBehaviour(
        m_closeBehaviour->currentData().value<AppSettings::CloseBehaviour>());
    if (m_startInTray->isEnabled())
        m_settings->setStartInTray(m_startInTray->isChecked());
    m_settings->setLanguage(m_language->currentData().toString());
    // Applied at once, unlike the language: colours need no restart.
    if (const QString theme = m_theme->currentData().toString(); theme != m_settings->theme()) {
        m_settings->setTheme(theme);
        Theme::apply(Theme::fromName(theme));
    }
    if (m_exclude->patterns() != m_settings->excludePatterns())
        m_settings->setExcludePatterns(m_exclude->patterns());
    m_targets->apply(m_settings->targets());
    QDialog::accept();
}
