// TusProtocol::checkServer: whether a tus server answers again after an outage.

#include "endpointcheck.h"
#include "tusprotocol.h"

namespace {
// Long enough for a loaded server to answer one small request, short enough that an outage's
// end is not missed by much when the probe's packets vanish.
constexpr int ServerCheckDeadlineMs = 10000;

// A gateway's "the server behind me is not there" is the outage still going on.
bool gatewayWithoutServer(int status)
{
    return status == 502 || status == 503 || status == 504;
}
} // namespace

void TusProtocol::checkServer(const QUrl &endpoint, const HttpHeaders &headers)
{
    auto *check = new EndpointCheck(network(), this);
    check->setDeadline(ServerCheckDeadlineMs);
    connect(check, &EndpointCheck::finished, this,
            [this, check, endpoint](const EndpointCheck::Result &result) {
                check->deleteLater();
                // Any answer but a gateway's says the server is there: an OPTIONS refused (401,
                // 404) is the upload's to report, not the outage's.
                TransferError error;
                if (result.httpStatus == 0 || gatewayWithoutServer(result.httpStatus))
                    error = TransferError::make(TransferError::Kind::Network, result.summary,
                                                result.httpStatus);
                Q_EMIT serverChecked(endpoint, error);
            });
    if (!check->check(endpoint, headers)) {
        check->deleteLater();
        TransferProtocol::checkServer(endpoint, headers); // nothing to ask: not ours to judge
    }
}
