#pragma once

#include <QDialog>

class AppSettings;
class ParallelSpin;
class PatternListEdit;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;
class RateEdit;
class TargetSettingsGroup;

// Hoist's settings in one place (Ctrl+,): how hard uploads push, what happens when a batch
// finishes or the window closes, the language. Shows AppSettings as they are and, on OK, writes
// back what was changed (a value the command line set for this run is remembered only when the
// person changes it here). Tokens are not here: they live in the keyring, per server. On a short
// screen (800x500) its groups scroll and OK and Cancel stay in sight.
class SettingsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)
public:
    // Without a system tray the "keep uploading in the tray" choices are not offered.
    SettingsDialog(AppSettings *settings, bool trayAvailable, QWidget *parent = nullptr);

    ParallelSpin *concurrencySpin() const { return m_concurrency; } // Auto, then 1 to 64
    QSpinBox *perServerSpin() const { return m_perServer; }
    QSpinBox *chunkSizeSpin() const { return m_chunkSize; }       // MiB; 0 = automatic
    QComboBox *giveUpAfterCombo() const { return m_giveUpAfter; } // data: seconds, 0 = never
    RateEdit *rateLimitEdit() const { return m_rateLimit; } // as --limit-rate; empty = unlimited
    QComboBox *batchActionCombo() const { return m_batchAction; }  // data: AppSettings::BatchAction
    QLineEdit *batchCommandEdit() const { return m_batchCommand; } // enabled with "Run a command"
    QComboBox *closeBehaviourCombo() const { return m_closeBehaviour; } // data: CloseBehaviour
    QCheckBox *startInTrayBox() const { return m_startInTray; }
    QComboBox *languageCombo() const { return m_language; } // data: the locale name, "" = system
    QComboBox *themeCombo() const { return m_theme; }       // data: Theme::name()
    PatternListEdit *excludeList() const { return m_exclude; }
    // Existing files on SFTP and WebDAV servers, SFTP permissions (AppSettings::targets()).
    TargetSettingsGroup *targetsGroup() const { return m_targets; }

    void accept() override;

private:
    void load();

    AppSettings *m_settings;
    ParallelSpin *m_concurrency;
    QSpinBox *m_perServer;
    QSpinBox *m_chunkSize;
    QComboBox *m_giveUpAfter;
    RateEdit *m_rateLimit;
    QComboBox *m_batchAction;
    QLineEdit *m_batchCommand;
    QComboBox *m_closeBehaviour;
    QCheckBox *m_startInTray;
    QComboBox *m_language;
    QComboBox *m_theme;
    PatternListEdit *m_exclude;
    TargetSettingsGroup *m_targets;
    // What the widgets showed when the dialog opened: only changes are written.
    int m_shownConcurrency = 0;
    int m_shownChunkSize = 0;
    qint64 m_shownRate = 0;
};
