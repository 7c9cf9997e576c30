#include "batchcommand.h"

#include "formatting.h"
#include "offthread.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace {
constexpr qsizetype TailBytes = 2048; // of the command's output, kept for the report
const char *const FinishedListName = "finished.txt";
const char *const FailedListName = "failed.txt";

bool writeList(const QString &file, const QStringList &paths)
{
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    QByteArray text;
    for (const QString &path : paths)
        text += escapeForLine(path).toUtf8() + '\n';
    return out.write(text) == text.size();
}

void removeFolder(const QString &folder)
{
    if (!folder.isEmpty())
        QDir(folder).removeRecursively();
}
} // namespace

BatchCommand::BatchCommand(QObject *parent)
    : QObject(parent)
{
}

BatchCommand::~BatchCommand()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill(); // Hoist is quitting: its command goes with it
        m_process->waitForFinished(1000);
    }
    if (!m_folder.isEmpty())
        (void)QtConcurrent::run(removeFolder, m_folder);
}

void BatchCommand::start(const QString &command, const BatchOutcome &outcome)
{
    if (m_started)
        return;
    m_started = true;
    // 100,000 paths are a few MB: written on a worker, never on the thread that paints.
    runOffThread(
        this,
        [outcome] {
            QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/hoist-batch-XXXXXX"));
            if (!dir.isValid())
                return QString();
            const QDir folder(dir.path());
            if (!writeList(folder.filePath(QLatin1String(FinishedListName)), outcome.finished)
                || !writeList(folder.filePath(QLatin1String(FailedListName)), outcome.failed))
                return QString();
            dir.setAutoRemove(false);
            return dir.path();
        },
        [this, command, outcome](const QString &folder) { launch(command, outcome, folder); });
}

void BatchCommand::launch(const QString &command, const BatchOutcome &outcome,
                          const QString &folder)
{
    if (folder.isEmpty()) {
        end(false, tr("The list of files for the command could not be written to %1.")
                       .arg(QDir::tempPath()));
        return;
    }
    m_folder = folder;
    const QDir dir(folder);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOIST_FINISHED_COUNT"), QString::number(outcome.finished.size()));
    env.insert(QStringLiteral("HOIST_FAILED_COUNT"), QString::number(outcome.failed.size()));
    env.insert(QStringLiteral("HOIST_FINISHED_LIST"),
               dir.filePath(QLatin1String(FinishedListName)));
    env.insert(QStringLiteral("HOIST_FAILED_LIST"), dir.filePath(QLatin1String(FailedListName)));

    m_process = new QProcess(this);
    m_process->setProcessEnvironment(env);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardInputFile(QProcess::nullDevice());
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        const QByteArray bytes = m_process->readAllStandardOutput();
        m_tail = (m_tail + bytes).right(TailBytes);
        Q_EMIT output(bytes);
    });
    connect(m_process, &QProcess::finished, this, &BatchCommand::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &BatchCommand::onError);
    connect(m_process, &QProcess::started, this, &BatchCommand::started);
    m_process->start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
}

void BatchCommand::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (status == QProcess::NormalExit && exitCode == 0) {
        end(true, QString());
        return;
    }
    QString problem =
        status == QProcess::CrashExit
            ? tr("The command after the uploads was stopped by a signal.")
            : tr("The command after the uploads ended with exit status %1.").arg(exitCode);
    const QList<QByteArray> lines = m_tail.trimmed().split('\n');
    const QString last = QString::fromLocal8Bit(lines.last()).trimmed();
    if (!last.isEmpty())
        problem += QLatin1Char(' ') + tr("It said: %1").arg(last);
    end(false, problem);
}

void BatchCommand::onError(QProcess::ProcessError error)
{
    // A crash or a non-zero status comes through finished(); only a start that failed ends here.
    if (error != QProcess::FailedToStart)
        return;
    end(false,
        tr("The command after the uploads could not start: %1").arg(m_process->errorString()));
}

void BatchCommand::end(bool ok, const QString &problem)
{
    if (m_ended)
        return;
    m_ended = true;
    if (!m_folder.isEmpty())
        (void)QtConcurrent::run(removeFolder, std::exchange(m_folder, QString()));
    Q_EMIT finished(ok, problem);
}
