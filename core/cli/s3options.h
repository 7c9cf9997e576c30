#pragma once

#include "s3credentials.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QUrl>

// The S3 half of the command line, as given: `--endpoint s3://BUCKET/PREFIX` with
// `--s3-endpoint URL`, `--region R`, `--s3-style path|virtual` and `--s3-credentials FILE`.
struct S3Arguments {
    QString service;         // --s3-endpoint; empty: the URL's own, or AWS's
    QString region;          // --region
    QString style;           // --s3-style
    QString credentialsFile; // --s3-credentials
};

// Turns `endpoint` (an s3:// URL as typed) and `arguments` into the canonical S3Target URL
// (core/s3/s3target.h). Returns a usage error for a person, or empty, naming the URL's own
// `option` (hoist's --endpoint, hoistd's --store). Keys never appear in it.
QString resolveS3Endpoint(const QUrl &endpoint, const S3Arguments &arguments, QUrl *target,
                          const QString &option = QStringLiteral("--endpoint"));

// The keys an S3 upload signs with: from --s3-credentials FILE (its profile AWS_PROFILE, else
// "default"), else from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. Returns a usage error, or
// empty (with `credentials` left empty when none were given). A file that others may read
// is used, with a line on `warnings`: refusing it would break containers and CI runners whose
// mounted secrets are often 0644, and the owner can tighten it.
QString readS3Credentials(const S3Arguments &arguments, const QProcessEnvironment &environment,
                          S3Credentials *credentials, QStringList *warnings);
