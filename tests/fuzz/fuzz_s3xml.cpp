// Fuzz target for what S3 answers in XML, as Hoist's client and hoistd's bucket client
// (server/storage/s3) read it: core/s3/s3xml.h's parsers of Error, InitiateMultipartUpload,
// ListParts, CompleteMultipartUpload, CopyObject/CopyPart, ListObjectsV2, ListMultipartUploads
// and DeleteObjects.
// A store is a peer, not a friend: every input goes through every parser, which must refuse or
// return values within S3's bounds, never crash or grow without limit. Invariants are checked
// with FUZZ_CHECK (on in release builds). libFuzzer's entry point, so the same file builds with
// clang's -fsanitize=fuzzer (HOIST_LIBFUZZER) or with fuzz_driver.cpp and any compiler.

#include "s3xml.h"

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_s3xml: check failed at %s:%d: %s\n", __FILE__, __LINE__,    \
                         #cond);                                                                   \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
// The reader's bounds (s3xml.cpp): entries a page, characters a value.
constexpr int MaxEntries = 10000;
constexpr int MaxTextChars = 4096;

void checkListings(const QByteArray &xml)
{
    QString problem;
    if (const auto parts = S3Xml::parseListParts(xml, &problem)) {
        FUZZ_CHECK(parts->parts.size() <= MaxEntries);
        for (const auto &part : parts->parts) {
            FUZZ_CHECK(part.number >= 1 && part.number <= 10000);
            FUZZ_CHECK(part.size >= 0);
            FUZZ_CHECK(!part.etag.isEmpty());
        }
        FUZZ_CHECK(!parts->truncated || (parts->nextMarker >= 1 && parts->nextMarker <= 10000));
    } else {
        FUZZ_CHECK(!problem.isEmpty());
    }
    problem.clear();
    if (const auto objects = S3Xml::parseListObjects(xml, &problem)) {
        FUZZ_CHECK(objects->objects.size() <= MaxEntries);
        for (const auto &object : objects->objects) {
            FUZZ_CHECK(!object.key.isEmpty());
            FUZZ_CHECK(object.key.size() <= MaxTextChars);
            FUZZ_CHECK(object.size >= 0);
        }
        FUZZ_CHECK(!objects->truncated || !objects->nextContinuationToken.isEmpty());
    } else {
        FUZZ_CHECK(!problem.isEmpty());
    }
    problem.clear();
    if (const auto uploads = S3Xml::parseListUploads(xml, &problem)) {
        FUZZ_CHECK(uploads->uploads.size() <= MaxEntries);
        for (const auto &upload : uploads->uploads) {
            FUZZ_CHECK(!upload.key.isEmpty() && !upload.uploadId.isEmpty());
            FUZZ_CHECK(upload.uploadId.size() <= MaxTextChars);
        }
        FUZZ_CHECK(!uploads->truncated || !uploads->nextKeyMarker.isEmpty());
    } else {
        FUZZ_CHECK(!problem.isEmpty());
    }
}

void checkAnswers(const QByteArray &xml)
{
    QString deleteProblem;
    if (const auto failures = S3Xml::parseDeleteResult(xml, &deleteProblem))
        FUZZ_CHECK(failures->size() <= MaxEntries);
    else
        FUZZ_CHECK(!deleteProblem.isEmpty());
    if (const auto error = S3Xml::parseError(xml))
        FUZZ_CHECK(error->code.size() <= MaxTextChars && error->message.size() <= MaxTextChars);
    QString problem;
    if (const auto id = S3Xml::parseUploadId(xml, &problem))
        FUZZ_CHECK(!id->isEmpty() && id->size() <= MaxTextChars);
    else
        FUZZ_CHECK(!problem.isEmpty());
    // Exactly one of: completed, an error inside the 200, malformed.
    const S3Xml::CompleteResult complete = S3Xml::parseComplete(xml);
    FUZZ_CHECK(int(complete.completed) + int(complete.error.has_value())
                   + int(!complete.problem.isEmpty())
               == 1);
    const S3Xml::CopyResult copy = S3Xml::parseCopy(xml);
    FUZZ_CHECK(int(!copy.etag.isEmpty()) + int(copy.error.has_value())
                   + int(!copy.problem.isEmpty())
               == 1);
}

// The body hoistd and Hoist write for CompleteMultipartUpload, from ETags made of the input:
// whatever they hold, the document stays well-formed and names every part once.
void checkCompleteBody(const QByteArray &input)
{
    QList<S3Xml::ListedPart> parts;
    const QList<QByteArray> pieces = input.left(2000).split('\n');
    for (qsizetype i = 0; i < pieces.size() && i < 20; ++i)
        parts.append({int(i + 1), pieces.at(i), 0});
    const QByteArray body = S3Xml::completeBody(parts);
    FUZZ_CHECK(body.count("<PartNumber>") == parts.size());
    FUZZ_CHECK(body.count("<ETag>") == parts.size());
    FUZZ_CHECK(body.count("</ETag>") == parts.size());
    // The same for DeleteObjects' body: one <Key> per key whatever the key holds.
    QStringList keys;
    for (const QByteArray &piece : pieces)
        keys << QString::fromUtf8(piece);
    const QByteArray deletion = S3Xml::deleteBody(keys);
    FUZZ_CHECK(deletion.count("<Key>") == keys.size());
    FUZZ_CHECK(deletion.count("</Key>") == keys.size());
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    checkListings(input);
    checkAnswers(input);
    checkCompleteBody(input);
    return 0;
}
