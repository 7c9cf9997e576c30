#include "webdavfolders.h"

#include "webdavrequest.h"

namespace {
QString keyOf(const QUrl &folder)
{
    return folder.toString(QUrl::FullyEncoded);
}
} // namespace

WebDavFolders::WebDavFolders(QObject *parent)
    : QObject(parent)
{
}

WebDavFolders::~WebDavFolders() = default;

bool WebDavFolders::created(const QUrl &folder) const
{
    return m_created.contains(keyOf(folder));
}

void WebDavFolders::ensure(QNetworkAccessManager *network, const QList<QUrl> &folders,
                           const HttpHeaders &headers, QObject *context, Done done)
{
    auto waiter = std::make_shared<Waiter>(Waiter{context, network, folders, headers, done});
    QMetaObject::invokeMethod(
        this, [this, waiter] { advance(waiter); }, Qt::QueuedConnection);
}

void WebDavFolders::advance(const std::shared_ptr<Waiter> &waiter)
{
    if (!waiter->context)
        return;
    while (!waiter->rest.isEmpty() && m_made.contains(keyOf(waiter->rest.constFirst())))
        waiter->rest.removeFirst();
    if (waiter->rest.isEmpty())
        return waiter->done(std::nullopt);
    const QString key = keyOf(waiter->rest.constFirst());
    QList<std::shared_ptr<Waiter>> &queue = m_waiting[key];
    queue.append(waiter);
    if (queue.size() == 1)
        send(waiter, key);
}

void WebDavFolders::send(const std::shared_ptr<Waiter> &waiter, const QString &key)
{
    const QUrl folder = waiter->rest.constFirst();
    auto *request =
        new WebDavRequest("MKCOL", folder, waiter->headers,
                          TrText::of(staticMetaObject, QT_TR_NOOP("making the folder %1"))
                              .arg(folder.path(QUrl::FullyDecoded)),
                          this);
    ++m_sent;
    connect(request, &WebDavRequest::finished, this,
            [this, request, key](const WebDavAnswer &answer) {
                request->deleteLater();
                // 405: a collection (or something) is there already; a file in its place makes
                // the PUT fail with a clear answer of its own.
                const bool there = answer.ok() || answer.status == 405;
                if (there)
                    m_made.insert(key);
                if (answer.ok())
                    m_created.insert(key);
                const QList<std::shared_ptr<Waiter>> waiting = m_waiting.take(key);
                for (const std::shared_ptr<Waiter> &waiter : waiting) {
                    if (!waiter->context)
                        continue;
                    if (!there) {
                        waiter->done(answer.error);
                        continue;
                    }
                    advance(waiter);
                }
            });
    if (waiter->network)
        request->send(waiter->network);
}
