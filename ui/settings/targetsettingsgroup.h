#pragma once

#include <QGroupBox>

class QComboBox;
class QLabel;
class QLineEdit;
class TargetSettings;

// The settings dialog's "SFTP and WebDAV servers" group: what an upload does when the server has
// the file already (as --if-exists) and the permissions SFTP gives new files and folders (octal,
// 0644 and 0755 unless changed). A mode that is not one says so in red, and the dialog's OK waits
// for it (validityChanged).
class TargetSettingsGroup final : public QGroupBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TargetSettingsGroup)
public:
    explicit TargetSettingsGroup(QWidget *parent = nullptr);

    QComboBox *ifExistsCombo() const { return m_ifExists; } // data: int(IfExists)
    QLineEdit *fileModeEdit() const { return m_fileMode; }
    QLineEdit *folderModeEdit() const { return m_folderMode; }
    QLabel *problemLabel() const { return m_problem; }
    bool isValid() const { return m_valid; }

    void load(const TargetSettings &settings);
    // Writes what differs from `settings`; nothing while not valid.
    void apply(TargetSettings *settings) const;

Q_SIGNALS:
    void validityChanged(bool valid);

private:
    void check();

    QComboBox *m_ifExists;
    QLineEdit *m_fileMode;
    QLineEdit *m_folderMode;
    QLabel *m_problem;
    bool m_valid = true;
};
