#pragma once

#include <QFrame>
#include <QStringList>

class QLabel;
class QPushButton;
class UploadScheduler;
struct DuplicateReport;

// A bar above the table, not a dialog, after files were added that the queue already held:
// "3 files are already in the queue and were not added again", with "Add anyway" when some of
// them started or finished (adding those again is a person's choice, never made silently).
// Newer versions that replaced waiting uploads are said too, and failed uploads that started
// again because their files were dropped again. Closed by its button, or replaced
// by the next report.
class DuplicateBar final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DuplicateBar)
public:
    explicit DuplicateBar(UploadScheduler *scheduler, QWidget *parent = nullptr);

    // What the bar says about `report`, for a person.
    static QString message(const DuplicateReport &report);
    QString text() const;
    QPushButton *addAnywayButton() const { return m_addAnyway; }
    // Queues the files that were skipped although started or finished, as new uploads.
    void addAnyway();

private:
    void showReport(const DuplicateReport &report);

    UploadScheduler *m_scheduler;
    QLabel *m_text;
    QPushButton *m_addAnyway;
    QStringList m_again;
};
