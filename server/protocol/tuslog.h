#pragma once

#include "uploadrecord.h"

#include <QString>

// hoistd's log on stderr: one write per line, so that lines from the HTTP layer's worker threads
// never interleave. Safe from any thread.
class TusLog final {
public:
    explicit TusLog(bool verbose)
        : m_verbose(verbose)
    {
    }

    // Whether every request is logged, not only finished uploads and trouble.
    bool verbose() const { return m_verbose; }
    void line(const QString &text) const;
    // "finished <id> <length> bytes "<name>"", with the owner and what kind of upload it was.
    void finished(const UploadRecord &record) const;

private:
    bool m_verbose;
};
