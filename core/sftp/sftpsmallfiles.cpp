#include "sftpsmallfiles.h"

#include "sftpconnection.h"
#include "sftpquickfile.h"
#include "sftprequestbatch.h"

#include <QLoggingCategory>

#include <memory>
#include <vector>

namespace {
Q_LOGGING_CATEGORY(lcSmall, "hoist.sftp.small", QtInfoMsg)

int timeoutOf(const TransferJob &job)
{
    return job.stallTimeoutMs > 0 ? job.stallTimeoutMs : 30000;
}

bool going(const SftpQuickFile &file)
{
    const SftpQuickFile::Step step = file.step();
    return step == SftpQuickFile::Step::Look || step == SftpQuickFile::Step::Send
           || step == SftpQuickFile::Step::Rename;
}
} // namespace

SftpSmallFiles::SftpSmallFiles(SftpConnection *connection, const SshSettings &settings)
    : m_connection(connection)
    , m_settings(settings)
{
}

void SftpSmallFiles::run(const QList<File> &files, const Done &done)
{
    QList<int> all;
    for (int i = 0; i < files.size(); ++i)
        all.append(i);
    QList<int> lacking;
    QList<int> usual = quickly(files, all, done, &lacking);
    if (!lacking.isEmpty()) {
        // No folder for them yet: the first makes it the usual way, the rest go quickly after.
        usually(files.at(lacking.first()), lacking.first(), done);
        lacking.removeFirst();
        usual += quickly(files, lacking, done, nullptr);
    }
    for (const int index : std::as_const(usual))
        usually(files.at(index), index, done);
}

QList<int> SftpSmallFiles::quickly(const QList<File> &files, const QList<int> &indexes,
                                   const Done &done, QList<int> *lacking)
{
    std::vector<std::unique_ptr<SftpQuickFile>> quick(size_t(files.size()));
    QList<int> usual;
    int timeoutMs = 0;
    int loaded = 0;
    for (const int index : indexes) {
        const File &file = files.at(index);
        auto one = std::make_unique<SftpQuickFile>(m_connection, m_settings, file.job, file.aborted,
                                                   file.events);
        if (!one->load()) {
            usual.append(index);
            continue;
        }
        timeoutMs = qMax(timeoutMs, timeoutOf(file.job));
        quick[size_t(index)] = std::move(one);
        ++loaded;
    }
    if (loaded == 0)
        return usual;
    m_mostAtOnce = qMax(m_mostAtOnce, loaded);
    qCDebug(lcSmall) << loaded << "files at once," << usual.size() << "the usual way";
    const TransferError opened = m_connection->open(timeoutMs);
    for (;;) {
        // A file's usual rename may have lost the connection: the others fail with it.
        bool ok = opened.kind == TransferError::Kind::None && m_connection->isOpen();
        SftpRequestBatch batch(m_connection, timeoutMs);
        SftpRequestBatch tidy(m_connection, timeoutMs);
        for (const auto &one : quick) {
            if (ok && one && going(*one))
                one->request(&batch);
        }
        if (ok && batch.isEmpty() && !batch.isBroken())
            break; // none going

        ok = ok && batch.wait();
        for (const auto &one : quick) {
            if (ok && one && going(*one))
                one->answered(batch, &tidy);
        }
        ok = ok && (tidy.isEmpty() || tidy.wait());
        if (!ok)
            failGoing(&quick, opened, done);
        // Those done are told at once; those the usual way must take wait for the rest.
        for (size_t i = 0; i < quick.size(); ++i) {
            if (!quick[i])
                continue;
            if (quick[i]->step() == SftpQuickFile::Step::Done) {
                done(int(i), quick[i]->result());
                quick[i].reset();
            } else if (quick[i]->step() == SftpQuickFile::Step::Usual) {
                if (lacking && quick[i]->lacksFolder())
                    lacking->append(int(i));
                else
                    usual.append(int(i));
                quick[i].reset();
            }
        }
        if (!ok)
            break;
    }
    return usual;
}

void SftpSmallFiles::failGoing(std::vector<std::unique_ptr<SftpQuickFile>> *quick,
                               const TransferError &opened, const Done &done)
{
    // The connection would not open, or broke amid a batch: every file amid the batch fails
    // with its error; those left to the usual way go on a new connection.
    SftpUploadResult failed;
    failed.error = opened;
    failed.refused = SftpConnection::refuses(opened);
    for (size_t i = 0; i < quick->size(); ++i) {
        std::unique_ptr<SftpQuickFile> &one = (*quick)[i];
        if (!one || !going(*one))
            continue;
        if (opened.kind == TransferError::Kind::None)
            one->broke();
        done(int(i), opened.kind == TransferError::Kind::None ? one->result() : failed);
        one.reset();
    }
    m_connection->close();
}

void SftpSmallFiles::usually(const File &file, int index, const Done &done)
{
    SftpUploadResult result;
    result.error = m_connection->open(timeoutOf(file.job));
    result.refused = SftpConnection::refuses(result.error);
    if (result.error.kind == TransferError::Kind::None && !(file.aborted && file.aborted->load()))
        result =
            SftpFileUpload(m_connection, m_settings, file.job, file.aborted, file.events).run();
    done(index, result);
}
