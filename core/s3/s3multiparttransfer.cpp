#include "s3multiparttransfer.h"

#include "s3error.h"
#include "s3partaddress.h"
#include "s3partput.h"
#include "s3protocol.h"
#include "s3puttransfer.h"
#include "s3request.h"
#include "s3verification.h"
#include "transferfile.h"

#include "filehasher.h"
#include "mtimewire.h"
#include "offthread.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUrlQuery>

#include <algorithm>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 MinNonLastPart = 5 * MiB; // S3's EntityTooSmall bound

// The service no longer knows the upload: NoSuchUpload, or NoSuchKey as Ceph RGW 16 answers
// ListParts for an upload aborted meanwhile.
bool uploadIsGone(const S3Answer &answer)
{
    return answer.hasCode("NoSuchUpload") || answer.hasCode("NoSuchKey")
           || (answer.status == 404 && !answer.s3Error);
}

QString encoded(const QString &value)
{
    return QString::fromUtf8(QUrl::toPercentEncoding(value));
}
} // namespace

S3MultipartTransfer::S3MultipartTransfer(S3Protocol *protocol, const TransferJob &job,
                                         QObject *parent)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_file(new TransferFile(job, this))
{
}

S3MultipartTransfer::~S3MultipartTransfer()
{
    abort();
}

qint64 S3MultipartTransfer::partSizeFor(qint64 fileSize)
{
    const qint64 spread = (qMax<qint64>(0, fileSize) + MaxParts - 1) / MaxParts;
    const qint64 size = qMax(MinPartSize, spread);
    return (size + MiB - 1) / MiB * MiB;
}

UploadParts S3MultipartTransfer::planParts(qint64 fileSize)
{
    const qint64 partSize = partSizeFor(fileSize);
    UploadParts parts;
    for (qint64 begin = 0; begin < fileSize || parts.isEmpty(); begin += partSize) {
        UploadPart part;
        part.begin = begin;
        part.end = qMin(fileSize, begin + partSize);
        parts.append(part);
        if (part.end >= fileSize)
            break;
    }
    return parts;
}

void S3MultipartTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &S3MultipartTransfer::run, Qt::QueuedConnection);
}

void S3MultipartTransfer::abort()
{
    m_file->cancel();
    m_finished = true;
    // A CreateMultipartUpload that has left makes the upload whether we wait or not: the
    // protocol awaits it and aborts what it made, so nothing is left behind unknown.
    if (m_control && m_uploadId.isEmpty() && m_control->isRunning() && m_target) {
        disconnect(m_control, nullptr, this, nullptr);
        m_protocol->abortWhenCreated(m_control, *m_target, m_key);
        m_control = nullptr;
    }
    dropControl();
    for (int i = 0; i < m_puts.size(); ++i)
        retirePart(i);
    if (m_hashCancel)
        *m_hashCancel = true;
    if (m_verification)
        m_verification->abort();
}

void S3MultipartTransfer::continueAfterCreated()
{
    if (!m_held || m_finished)
        return;
    m_held = false;
    pump();
}

void S3MultipartTransfer::setStreamLimit(int streams)
{
    m_limit = qMax(1, streams);
    if (m_started && !m_finished && !m_held && !m_uploadId.isEmpty())
        pump();
}

void S3MultipartTransfer::run()
{
    if (m_finished)
        return;
    TransferError error;
    m_target = S3PutTransfer::targetOf(m_protocol, m_job, &error);
    if (!m_target)
        return fail(error);
    // Each part checks the file again before it is sent; this one fails early, off this thread.
    m_file->check([this](const std::optional<TransferError> &changed) {
        if (m_finished)
            return;
        if (changed)
            return fail(*changed);
        begin();
    });
}

void S3MultipartTransfer::begin()
{
    if (adoptJobParts()) {
        qCDebug(lcS3) << "resuming multipart upload" << m_key << "in" << m_parts.size() << "parts";
        m_listed.clear();
        return listParts(0);
    }
    m_key = S3PutTransfer::objectKey(*m_target, m_job);
    m_parts = planParts(m_job.fileSize);
    create();
}

bool S3MultipartTransfer::adoptJobParts()
{
    if (m_job.parts.isEmpty())
        return false;
    std::optional<S3PartAddress> first;
    qint64 expected = 0;
    for (int i = 0; i < m_job.parts.size(); ++i) {
        const UploadPart &part = m_job.parts.at(i);
        const std::optional<S3PartAddress> address = S3PartAddress::fromUrl(part.url);
        const bool last = i == m_job.parts.size() - 1;
        if (!address || address->partNumber != i + 1 || part.begin != expected
            || (!last && part.length() < MinNonLastPart)
            || (first && address->uploadKey() != first->uploadKey()))
            return false;
        if (!first)
            first = address;
        expected = part.end;
    }
    if (expected != m_job.fileSize || !(first->target.bucketUrl() == m_target->bucketUrl()))
        return false;
    m_parts = m_job.parts;
    m_key = first->key;
    m_uploadId = first->uploadId;
    return true;
}

QUrl S3MultipartTransfer::objectUrl(const QList<QPair<QString, QString>> &query) const
{
    QUrl url = m_target->objectUrl(m_key);
    QUrlQuery q;
    for (const auto &item : query)
        q.addQueryItem(item.first, encoded(item.second));
    url.setQuery(q);
    return url;
}

void S3MultipartTransfer::create()
{
    if (m_finished)
        return;
    qCDebug(lcS3) << "CreateMultipartUpload" << m_key << m_parts.size() << "parts";
    QUrl url = m_target->objectUrl(m_key);
    url.setQuery(QStringLiteral("uploads"));
    m_control = new S3Request(m_protocol, *m_target, "POST", url,
                              tr("creating the multipart upload"), this);
    m_control->setHeader("Content-Type", "application/octet-stream");
    m_control->setHeader(MtimeWire::S3Header, S3PutTransfer::mtimeValue(m_job));
    connect(m_control, &S3Request::finished, this, &S3MultipartTransfer::onCreated);
    m_control->send(m_protocol->network());
    reportStreams();
}

void S3MultipartTransfer::onCreated(const S3Answer &answer)
{
    dropControl();
    if (!answer.ok())
        return fail(*answer.error);
    QString problem;
    const std::optional<QString> uploadId = S3Xml::parseUploadId(answer.body, &problem);
    if (!uploadId)
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(
                staticMetaObject,
                QT_TR_NOOP(
                    "The S3 service's answer to creating the multipart upload is unusable: %1"))
                .arg(problem),
            answer.status));
    m_uploadId = *uploadId;
    for (int i = 0; i < m_parts.size(); ++i) {
        UploadPart &part = m_parts[i];
        part.url =
            S3PartAddress{S3Target(m_target->service(), m_target->region(), m_target->bucket(),
                                   QString(), m_target->isVirtualHosted()),
                          m_key, m_uploadId, i + 1}
                .toUrl();
        part.confirmed = 0;
        part.etag.clear();
    }
    m_held = m_job.holdAfterCreate;
    if (!reportParts(true) || m_held)
        return;
    pump();
}

void S3MultipartTransfer::listParts(int marker)
{
    QList<QPair<QString, QString>> query{
        {QStringLiteral("uploadId"), m_uploadId},
        {QStringLiteral("max-parts"), QString::number(m_protocol->listPartsPageSize())}};
    if (marker > 0)
        query.append({QStringLiteral("part-number-marker"), QString::number(marker)});
    m_control = new S3Request(m_protocol, *m_target, "GET", objectUrl(query),
                              tr("asking which parts the S3 service holds"), this);
    connect(m_control, &S3Request::finished, this,
            [this, marker](const S3Answer &answer) { onListed(answer, marker); });
    m_control->send(m_protocol->network());
    reportStreams();
}

void S3MultipartTransfer::onListed(const S3Answer &answer, int marker)
{
    dropControl();
    if (uploadIsGone(answer))
        return uploadGone();
    if (!answer.ok())
        return fail(*answer.error);
    QString problem;
    const std::optional<S3Xml::PartListing> page = S3Xml::parseListParts(answer.body, &problem);
    if (page && page->truncated && page->nextMarker <= marker)
        problem = tr("its part list does not advance past part %1").arg(marker);
    if (!page || !problem.isEmpty())
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The S3 service's list of the upload's parts is unusable: %1"))
                .arg(problem),
            answer.status));
    m_listed.append(page->parts);
    if (page->truncated)
        return listParts(page->nextMarker);
    applyListing();
}

void S3MultipartTransfer::applyListing()
{
    int held = 0;
    for (int i = 0; i < m_parts.size(); ++i) {
        UploadPart &part = m_parts[i];
        const auto listed =
            std::find_if(m_listed.cbegin(), m_listed.cend(),
                         [i](const S3Xml::ListedPart &p) { return p.number == i + 1; });
        const bool whole = listed != m_listed.cend() && listed->size == part.length();
        part.confirmed = whole ? part.length() : 0;
        part.etag = whole ? listed->etag : QByteArray();
        held += whole ? 1 : 0;
    }
    qCDebug(lcS3) << "the service holds" << held << "of" << m_parts.size() << "parts";
    if (reportParts(true))
        pump();
}

bool S3MultipartTransfer::reportParts(bool created)
{
    QPointer<S3MultipartTransfer> guard(this);
    if (created)
        Q_EMIT partsCreated(m_parts);
    if (!guard || m_finished)
        return false;
    Q_EMIT partsConfirmed(m_parts);
    return guard && !m_finished;
}

int S3MultipartTransfer::runningParts() const
{
    return int(std::count_if(m_puts.cbegin(), m_puts.cend(),
                             [](const S3PartPut *put) { return put != nullptr; }));
}

int S3MultipartTransfer::sendingParts() const
{
    return int(std::count_if(m_puts.cbegin(), m_puts.cend(), [](const S3PartPut *put) {
        return put != nullptr && !put->isAnswering();
    }));
}

bool S3MultipartTransfer::mayStartPart() const
{
    if (!m_job.overlapAnswers)
        return runningParts() < m_limit;
    // A part whose bytes have all left waits a round trip and the service's storing of it
    // (through 20 ms each way to RGW, with one part of each of two 100 MiB files beside small
    // files: the link fell to a tenth for ~0.4 s at each part's end). The next part sends
    // meanwhile, with one part at most beyond the limit: "all left" means handed to the
    // system's socket buffers, which on a slow link hold seconds of bytes per connection. As
    // many again (16 more parts of a 128 MiB file at 60 ms each way, 20 Mbit/s) queued so
    // much that a part's answer took over the 30 s stall timeout, and the retried part made
    // the file take 81 s where the link's floor is 54.
    return sendingParts() < m_limit && runningParts() < m_limit + 1;
}

void S3MultipartTransfer::pump()
{
    if (m_finished || m_held || m_control || m_uploadId.isEmpty())
        return;
    m_puts.resize(m_parts.size());
    for (int i = 0; i < m_parts.size() && mayStartPart(); ++i) {
        if (!m_parts.at(i).isDone() && !m_puts.at(i))
            startPart(i);
        if (m_finished)
            return;
    }
    reportStreams();
    const bool allDone = std::all_of(m_parts.cbegin(), m_parts.cend(),
                                     [](const UploadPart &part) { return part.isDone(); });
    if (allDone && runningParts() == 0)
        complete();
}

void S3MultipartTransfer::startPart(int index)
{
    const UploadPart &part = m_parts.at(index);
    const QUrl url = objectUrl({{QStringLiteral("partNumber"), QString::number(index + 1)},
                                {QStringLiteral("uploadId"), m_uploadId}});
    auto *put = new S3PartPut(m_protocol, m_job, *m_target, url, part.begin, part.end,
                              tr("sending part %1").arg(index + 1), this);
    m_puts[index] = put;
    put->setRequestGroup(m_requests);
    const qint64 begin = part.begin;
    connect(put, &S3PartPut::progress, this,
            [this, begin](qint64 sent) { Q_EMIT chunkProgressAt(begin, sent); });
    if (m_job.overlapAnswers)
        connect(put, &S3PartPut::bodySent, this, &S3MultipartTransfer::pump, Qt::QueuedConnection);
    connect(put, &S3PartPut::sent, this, [this, index, put](const QByteArray &etag) {
        m_md5s.resize(m_parts.size());
        m_md5s[index] = put->md5();
        onPartSent(index, etag);
    });
    connect(put, &S3PartPut::failed, this, [this](const S3Answer &answer) {
        if (uploadIsGone(answer))
            return uploadGone();
        fail(*answer.error);
    });
    qCDebug(lcS3) << "UploadPart" << index + 1 << part.begin << "-" << part.end;
    QPointer<S3MultipartTransfer> guard(this);
    Q_EMIT chunkStarted(part.begin, part.end);
    if (guard && !m_finished)
        put->start();
}

void S3MultipartTransfer::onPartSent(int index, const QByteArray &etag)
{
    retirePart(index);
    if (etag.trimmed().isEmpty())
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The S3 service did not name part %1 (no ETag in its answer)."))
                .arg(index + 1)));
    m_parts[index].etag = etag.trimmed();
    m_parts[index].confirmed = m_parts.at(index).length();
    // Saved with its ETag; the upload goes on without waiting for that save.
    if (reportParts(true))
        pump();
}

void S3MultipartTransfer::retirePart(int index)
{
    if (index >= m_puts.size())
        return;
    if (S3PartPut *put = std::exchange(m_puts[index], nullptr)) {
        put->disconnect(this);
        put->abort();
        put->deleteLater(); // it may be inside one of its own signal emissions
    }
}

void S3MultipartTransfer::complete()
{
    QList<S3Xml::ListedPart> parts;
    for (int i = 0; i < m_parts.size(); ++i)
        parts.append({i + 1, m_parts.at(i).etag, m_parts.at(i).length()});
    qCDebug(lcS3) << "CompleteMultipartUpload" << m_key << parts.size() << "parts";
    m_control = new S3Request(m_protocol, *m_target, "POST",
                              objectUrl({{QStringLiteral("uploadId"), m_uploadId}}),
                              tr("joining the parts"), this);
    m_control->setHeader("Content-Type", "application/xml");
    m_control->setBody(S3Xml::completeBody(parts));
    // The service joins the parts before it answers: give it as long as a stalled part gets.
    m_control->setStallTimeout(m_job.stallTimeoutMs);
    connect(m_control, &S3Request::finished, this, &S3MultipartTransfer::onCompleted);
    m_control->send(m_protocol->network());
    reportStreams();
}

void S3MultipartTransfer::onCompleted(const S3Answer &answer)
{
    dropControl();
    if (uploadIsGone(answer))
        return uploadGone();
    if (!answer.ok())
        return fail(*answer.error);
    // S3 may fail after answering 200 (to keep the connection alive): the body says.
    const S3Xml::CompleteResult result = S3Xml::parseComplete(answer.body);
    if (result.error)
        return fail(
            S3Errors::fromAnswer(answer.status, result.error, *m_target,
                                 TrText::of(staticMetaObject, QT_TR_NOOP("joining the parts"))));
    if (!result.completed)
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The S3 service's answer to joining the parts is unusable: %1"))
                .arg(result.problem),
            answer.status));
    qCDebug(lcS3) << "completed" << m_key;
    verify();
}

void S3MultipartTransfer::verify()
{
    m_md5s.resize(m_parts.size());
    QList<int> missing;
    for (int i = 0; i < m_parts.size(); ++i) {
        if (m_md5s.at(i).isEmpty())
            missing.append(i);
    }
    const auto check = [this] {
        if (!m_verification) {
            m_verification = new S3Verification(m_protocol, *m_target, m_key,
                                                QFileInfo(m_job.filePath).fileName(),
                                                m_job.stallTimeoutMs, this);
            connect(m_verification, &S3Verification::finished, this,
                    &S3MultipartTransfer::finishChecked);
        }
        m_verification->start(
            S3Verification::expectedEtag(QList<QByteArray>(m_md5s.cbegin(), m_md5s.cend()), true));
    };
    if (missing.isEmpty())
        return check();
    // Parts sent by an earlier attempt (a resumed upload): their MD5s from the file once more.
    QList<QPair<qint64, qint64>> ranges;
    for (int i : std::as_const(missing))
        ranges.append({m_parts.at(i).begin, m_parts.at(i).end});
    m_hashCancel = std::make_shared<std::atomic_bool>(false);
    runOffThread(
        this,
        [path = m_job.filePath, ranges, cancel = m_hashCancel] {
            // The MD5s, or fewer and why a read failed (the system's words, when it says).
            std::pair<QList<QByteArray>, QString> read;
            for (const auto &[begin, end] : ranges) {
                const auto md5 =
                    digestRange(path, begin, end, DigestAlgorithm::Md5, cancel.get(), &read.second);
                if (!md5)
                    return read;
                read.first.append(*md5);
            }
            return read;
        },
        [this, missing, check,
         cancel = m_hashCancel](const std::pair<QList<QByteArray>, QString> &read) {
            if (*cancel || m_finished)
                return;
            const QList<QByteArray> &md5s = read.first;
            if (md5s.size() != missing.size()) {
                const QString name = QFileInfo(m_job.filePath).fileName();
                return finishChecked(
                    UploadCheck::notVerifiable(
                        read.second.isEmpty()
                            ? tr("Not verified: '%1' could not be read again to compute its "
                                 "parts' MD5s.")
                                  .arg(name)
                            : tr("Not verified: '%1' could not be read again to compute its "
                                 "parts' MD5s: %2.")
                                  .arg(name, read.second)),
                    {});
            }
            for (int i = 0; i < missing.size(); ++i)
                m_md5s[missing.at(i)] = md5s.at(i);
            check();
        });
}

void S3MultipartTransfer::finishChecked(const UploadCheck &check, const TransferError &mismatch)
{
    if (m_finished)
        return;
    if (mismatch.kind != TransferError::Kind::None)
        return fail(mismatch);
    m_finished = true;
    reportStreams();
    QPointer<S3MultipartTransfer> guard(this);
    Q_EMIT checked(check);
    if (guard)
        Q_EMIT completed();
}

void S3MultipartTransfer::uploadGone()
{
    if (m_lostOnce)
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(
                staticMetaObject,
                QT_TR_NOOP("The S3 service lost the multipart upload it had just created."))));
    m_lostOnce = true;
    qCDebug(lcS3) << "multipart upload gone" << m_key << m_uploadId;
    for (int i = 0; i < m_puts.size(); ++i)
        retirePart(i);
    m_uploadId.clear();
    m_md5s.clear();
    m_parts = planParts(m_job.fileSize);
    if (m_key.isEmpty())
        m_key = S3PutTransfer::objectKey(*m_target, m_job);
    QPointer<S3MultipartTransfer> guard(this);
    Q_EMIT uploadLost();
    if (guard && !m_finished)
        create();
}

void S3MultipartTransfer::reportStreams()
{
    const int running = m_job.overlapAnswers ? sendingParts() : runningParts();
    const int inUse = m_finished ? 0 : qMax(running, m_control ? 1 : 0);
    const int wanted = qMax(1, int(std::count_if(m_parts.cbegin(), m_parts.cend(),
                                                 [](const UploadPart &p) { return !p.isDone(); })));
    if (inUse == m_reportedInUse && wanted == m_reportedWanted)
        return;
    m_reportedInUse = inUse;
    m_reportedWanted = wanted;
    Q_EMIT streamsChanged(inUse, wanted);
}

void S3MultipartTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    // The other parts stop too; a retry lists what the server holds. The fault that failed this
    // one has often failed theirs already (a server gone): freed, not aborted (endReply()).
    m_requests->markFailed();
    abort();
    qCDebug(lcS3) << "multipart upload failed" << int(error.kind) << error.message();
    Q_EMIT failed(error);
}

void S3MultipartTransfer::dropControl()
{
    if (S3Request *request = m_control.data()) {
        m_control = nullptr;
        request->disconnect(this);
        request->abort();
        request->deleteLater();
    }
}
