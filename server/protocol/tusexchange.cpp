#include "tusexchange.h"

#include "tusinstant.h"
#include "tusservice.h"
#include "uploadstore.h"
#include "uploadwriter.h"

TusExchange::TusExchange(TusService &service, const HttpRequest &request)
    : m_service(service)
    , m_request(request)
    , m_maxUnfinished(service.m_config.maxUnfinished) // the anonymous user's; see authenticate()
    , m_maxUploads(service.m_config.maxUploads)
{
}

TusExchange::~TusExchange()
{
    m_writer.reset(); // aborts (keeping only what is safe) if finish() never came
    if (!m_lockedId.isEmpty())
        m_service.m_store.unlock(m_lockedId);
}

void TusExchange::consume(const char *data, size_t size)
{
    if (m_writer)
        m_writer->write(data, size);
}

HttpResponse TusExchange::finish()
{
    if (early)
        return *early;
    return m_service.finishBody(*this);
}

void TusExchange::abort()
{
    if (!m_writer)
        return;
    m_writer->abort();
    m_service.m_instant->keepContentHasher(*m_writer);
    if (m_service.m_config.verbose)
        m_service.log(QStringLiteral("%1 %2 cut short at offset %3")
                          .arg(QString::fromLatin1(m_request.method), m_writer->record().id)
                          .arg(m_writer->record().offset));
    if (m_creating) {
        // Nobody was told where this upload is (the Location comes with the answer, after the
        // body), so nobody can resume it: keeping what arrived would only leak disk and quota.
        m_service.m_store.remove(m_writer->record().id);
    }
    m_writer.reset();
}
