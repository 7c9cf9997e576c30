#pragma once

#include <QDialog>
#include <QUrl>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class TokenKeeper;

// Asks for one endpoint's token: typed hidden, remembered in the keyring or for this session
// only, or cleared. Shows whether a token is set, never the token itself. Without a keyring it
// says the token cannot be remembered.
class TokenDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenDialog)
public:
    TokenDialog(TokenKeeper *keeper, const QUrl &endpoint, QWidget *parent = nullptr);

    const QUrl &endpoint() const { return m_endpoint; }
    QLineEdit *tokenEdit() const { return m_token; }
    QCheckBox *rememberBox() const { return m_remember; }
    QLabel *noteLabel() const { return m_note; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *clearButton() const { return m_clear; }

    void accept() override;

private:
    void refresh();
    void clearToken();

    TokenKeeper *m_keeper;
    QUrl m_endpoint;
    QLineEdit *m_token = nullptr;
    QCheckBox *m_remember = nullptr;
    QLabel *m_note = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_clear = nullptr;
    bool m_rememberTouched = false; // the person chose; refresh() leaves the box alone
};
