#pragma once

#include <QObject>

#include <functional>

class AppSettings;
class QWidget;

// Decides what closing the window does. With nothing uploading or waiting it quits, unasked.
// Otherwise it follows the remembered choice (AppSettings::closeBehaviour) or asks: keep
// uploading in the tray, quit (the queue is kept and resumes at the next start, from what the
// server holds), or cancel; "Don't ask again" remembers the first two. Without a system tray the
// tray is not offered: quitting or staying are the only honest choices then, since a window
// that closes but keeps running with nowhere to be found again would surprise (minimising is
// what the title bar's own button already does).
class CloseGuard final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CloseGuard)
public:
    enum class Action { Quit, Tray, Stay };
    Q_ENUM(Action)

    struct Answer {
        Action action = Action::Stay;
        bool dontAskAgain = false;
    };
    // Asks the person; `trayOffered` says whether "keep uploading in the tray" is a choice.
    // `active`: uploads running or waiting.
    using Question = std::function<Answer(int active, bool trayOffered)>;

    // `window`: what the default question is shown over.
    CloseGuard(AppSettings *settings, QWidget *window, QObject *parent = nullptr);

    void setQuestion(Question question) { m_question = std::move(question); }

    // What closing does with `active` uploads running or waiting and a tray there or not.
    Action decide(int active, bool trayAvailable);

    // The default question: a message box with the three buttons and the check box.
    static Answer ask(QWidget *parent, int active, bool trayOffered);

private:
    AppSettings *m_settings;
    Question m_question;
};
