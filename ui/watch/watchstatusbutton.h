#pragma once

#include <QToolButton>

class WatchService;

// The status bar's word on watched folders: how many are watched, and which fell back to
// scanning because inotify's watch limit was reached (or are missing). A click opens
// "Watched folders…" (its default action).
class WatchStatusButton final : public QToolButton {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchStatusButton)
public:
    WatchStatusButton(const WatchService *service, QAction *openDialog, QWidget *parent = nullptr);

private:
    void refresh();

    const WatchService *m_service;
};
