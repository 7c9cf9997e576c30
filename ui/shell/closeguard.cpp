#include "closeguard.h"

#include "appsettings.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QWidget>

CloseGuard::CloseGuard(AppSettings *settings, QWidget *window, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{
    Q_ASSERT(settings);
    m_question = [window = QPointer<QWidget>(window)](int active, bool trayOffered) {
        return ask(window, active, trayOffered);
    };
}

CloseGuard::Action CloseGuard::decide(int active, bool trayAvailable)
{
    if (active == 0)
        return Action::Quit;
    switch (m_settings->closeBehaviour()) {
    case AppSettings::CloseBehaviour::Quit:
        return Action::Quit;
    case AppSettings::CloseBehaviour::Tray:
        if (trayAvailable)
            return Action::Tray;
        break; // the tray went away since: ask, without it
    case AppSettings::CloseBehaviour::Ask:
        break;
    }
    const Answer answer = m_question ? m_question(active, trayAvailable) : Answer{};
    if (answer.action == Action::Tray && !trayAvailable)
        return Action::Stay;
    if (answer.dontAskAgain && answer.action != Action::Stay)
        m_settings->setCloseBehaviour(answer.action == Action::Tray
                                          ? AppSettings::CloseBehaviour::Tray
                                          : AppSettings::CloseBehaviour::Quit);
    return answer.action;
}

CloseGuard::Answer CloseGuard::ask(QWidget *parent, int active, bool trayOffered)
{
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Question);
    box.setWindowTitle(tr("Hoist"));
    box.setText(active == 1 ? tr("An upload is still running or waiting.")
                            : tr("%1 uploads are still running or waiting.").arg(active));
    box.setInformativeText(
        trayOffered ? tr("Hoist can keep uploading in the tray, or quit and go on from where "
                         "the server has them when it starts again.")
                    : tr("Quit now and Hoist goes on from where the server has them when it "
                         "starts again."));
    QPushButton *tray = nullptr;
    if (trayOffered)
        tray = box.addButton(tr("&Keep uploading in the tray"), QMessageBox::AcceptRole);
    QPushButton *quit =
        box.addButton(tr("&Quit; resume next time"),
                      trayOffered ? QMessageBox::DestructiveRole : QMessageBox::AcceptRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(tray ? tray : quit);
    box.setEscapeButton(cancel);
    auto *dontAsk = new QCheckBox(tr("&Don't ask again (Settings can change it)"), &box);
    box.setCheckBox(dontAsk);
    box.exec();

    Answer answer;
    if (box.clickedButton() == tray && tray)
        answer.action = Action::Tray;
    else if (box.clickedButton() == quit)
        answer.action = Action::Quit;
    answer.dontAskAgain = dontAsk->isChecked();
    return answer;
}
