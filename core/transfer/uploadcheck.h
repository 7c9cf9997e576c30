#pragma once

#include <QMetaType>
#include <QString>

// Whether the server's copy of a finished upload was shown to be the file: how a transfer ends
// besides completed(). A copy shown to differ is not a check but a failure
// (TransferError::Kind::ContentMismatch).
struct UploadCheck {
    enum class Outcome {
        Unchecked = 0,     // nothing said (an upload finished before Hoist verified uploads)
        Verified = 1,      // the server's whole copy matches
        NotVerifiable = 2, // the server offers no way to tell; `how` says why
    };
    Outcome outcome = Outcome::Unchecked;
    // A sentence for a person: how it was verified, or why it could not be.
    QString how;

    bool verified() const { return outcome == Outcome::Verified; }
    static UploadCheck verifiedBy(QString how) { return {Outcome::Verified, std::move(how)}; }
    static UploadCheck notVerifiable(QString why)
    {
        return {Outcome::NotVerifiable, std::move(why)};
    }
};

Q_DECLARE_METATYPE(UploadCheck)
