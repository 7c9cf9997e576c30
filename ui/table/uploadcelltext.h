#pragma once

#include <QCoreApplication>
#include <QString>
#include <QUrl>
#include <QVariant>

#include <functional>

class UploadTask;

// What each cell of an upload's row says: its text, its tooltip, what a screen reader reads for
// the painted columns, and the raw value the column sorts by. Given a task (and for the State
// column the time), it words it; it knows nothing of rows, signals or when to repaint, which stay
// the model's. Columns are UploadTableModel::Column.
class UploadCellText final {
    // The words moved here from the model and keep its context, so their translations still apply.
    Q_DECLARE_TR_FUNCTIONS(UploadTableModel)
public:
    // What the Server column calls some servers instead of their address ("This computer" for
    // the window's own); empty for the others, which show serverText().
    using ServerName = std::function<QString(const QUrl &endpoint)>;
    void setServerName(ServerName name) { m_serverName = std::move(name); }

    // Qt::DisplayRole.
    QString displayText(const UploadTask &task, int column) const;
    // Qt::ToolTipRole: the Server's full address, dates in full, the chunks counted, else the
    // path with the failure or the note.
    QString toolTip(const UploadTask &task, int column) const;
    // Qt::AccessibleTextRole: the painted columns (progress, chunks, buttons) in words.
    QString accessibleText(const UploadTask &task, int column) const;
    // The raw value a column sorts by (numbers, not their text); unknowns sort last.
    QVariant sortValue(const UploadTask &task, int column) const;

    // Text of the State column, e.g. "Uploading", "Retrying in 12 s".
    static QString stateText(const UploadTask &task, qint64 nowMs);
    // The Server column: "127.0.0.1:1080/files", "https://tus.example.com/files".
    static QString serverText(const QUrl &endpoint);

private:
    ServerName m_serverName;
};
