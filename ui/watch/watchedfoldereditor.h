#pragma once

#include "watchedfolder.h"

#include <QDialog>

class PatternListEdit;
class QCheckBox;
class QLabel;
class QLineEdit;

// One watched folder, added or edited: the folder, where its files go (an endpoint; empty for
// the window's own server), the remote prefix, whether subfolders count, include and exclude
// patterns. OK only with a folder and a usable target.
class WatchedFolderEditor final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchedFolderEditor)
public:
    explicit WatchedFolderEditor(const WatchedFolder &folder, QWidget *parent = nullptr);

    WatchedFolder folder() const;
    QLineEdit *folderEdit() const { return m_folder; }
    QLineEdit *targetEdit() const { return m_target; }
    QLineEdit *prefixEdit() const { return m_prefix; }
    QCheckBox *recursiveBox() const { return m_recursive; }
    PatternListEdit *includeList() const { return m_include; }
    PatternListEdit *excludeList() const { return m_exclude; }

    void accept() override;

private:
    void browse();
    QString problem() const;

    QLineEdit *m_folder;
    QLineEdit *m_target;
    QLineEdit *m_prefix;
    QCheckBox *m_recursive;
    PatternListEdit *m_include;
    PatternListEdit *m_exclude;
    QLabel *m_problem;
    bool m_prefixEdited = false;
};
