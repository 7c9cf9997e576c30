#pragma once

#include "s3credentials.h"

#include <QString>

#include <optional>

// AWS's shared credentials file (~/.aws/credentials), the INI file `aws configure` writes:
//
//   [default]
//   aws_access_key_id = AKIA...
//   aws_secret_access_key = ...
//
// One profile's keys are read from it; other keys (aws_session_token, region) are ignored.
class AwsCredentialsFile final {
public:
    static constexpr char DefaultProfile[] = "default";

    // The keys of `profile` in `path`; nullopt with a sentence in `problem` when the file cannot
    // be read, has no such profile or the profile lacks a key. The sentence never holds a secret.
    static std::optional<S3Credentials> read(const QString &path, const QString &profile,
                                             QString *problem = nullptr);
    // Parses the file's text (for tests and read()).
    static std::optional<S3Credentials> parse(const QByteArray &text, const QString &profile,
                                              QString *problem = nullptr);
    // Whether users other than its owner may read the file at `path` (group or others).
    static bool readableByOthers(const QString &path);
};
