#pragma once

#include "clusterstoreview.h"
#include "hoistdprocess.h"
#include "rawhttp.h"

#include <QObject>

#include <memory>

// hoistd spoken to with raw HTTP requests, every header byte under the test's control:
// the status codes of tus 1.0 and its extensions (tst_hoistd_protocol.cpp), heads a proxy could
// read otherwise (tst_hoistd_protocol_framing.cpp), and what happens under pressure: slow
// clients, huge headers and bodies, kill -9 and SIGTERM mid-upload
// (tst_hoistd_protocol_stress.cpp).
class TestHoistdProtocol : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase(); // the cluster configuration, when HOIST_TEST_HOISTD_STORE asks for it
    void cleanup();

    void optionsAdvertisesExactlyWhatIsImplemented();
    void statusCodes_data();
    void statusCodes();
    void goneAfterTermination();
    void creationResumeTerminationRoundTrip();
    void creationWithUpload();
    void checksumAccepted_data();
    void checksumAccepted();
    void checksumMismatchStoresNothing();
    void creationWithUploadBadChecksumLeavesNoUpload();
    void deferredLength();
    void expiredUploadsAreSwept();
    void filenamesNeverBecomePaths();
    void sanitisedFilenames_data();
    void sanitisedFilenames();
    void refusesNonLoopbackAddress();

    // tst_hoistd_protocol_framing.cpp
    void conflictingContentLengthsRefused();
    void lengthAndChunkedClosesAfterAnswer();
    void transferCodingsOtherThanChunkedRefused_data();
    void transferCodingsOtherThanChunkedRefused();
    void nulInHeaderValueRefused_data();
    void nulInHeaderValueRefused();
    void pathsAreTakenAsSent();
    void hostRequiredForHttp11();
    void methodsAreCaseSensitive_data();
    void methodsAreCaseSensitive();
    void finalNamesAsManyPartsAsAdvertised();

    // tst_hoistd_protocol_stress.cpp
    void slowClientsDoNotBlockOthers();
    void oversizedHeadersRejected();
    void terminationDuringPatch();
    void killedMidUploadResumesFromStoredBytes();
    void killedMidChecksumPatchKeepsNothingOfIt();
    void creationCutShortLeavesNoUpload();
    void sigtermStopsCleanlyKeepingWhatArrived();
    void largePatchKeepsMemoryFlat();

private:
    bool startServer(const QStringList &args = {});
    quint16 port() const { return m_server->port(); }
    // POST /files/ with Upload-Length `length` (or deferred when < 0); the Location path.
    QByteArray create(qint64 length, const RawHeaders &extra = {});
    RawResponse head(const QByteArray &path);
    RawResponse patch(const QByteArray &path, qint64 offset, const QByteArray &body,
                      const RawHeaders &extra = {});
    qint64 offsetOf(const QByteArray &path); // HEAD's Upload-Offset, -1 when none

    std::unique_ptr<ClusterStoreView> m_storeView;
    std::unique_ptr<HoistdProcess> m_server;
};

inline const RawHeaders &tusHeader()
{
    static const RawHeaders headers{{"Tus-Resumable", "1.0.0"}};
    return headers;
}
