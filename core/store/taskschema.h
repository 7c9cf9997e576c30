#pragma once

#include <QStringList>

// The task database's SQL: the tables of a new one (tasks with the columns of TaskRow::Columns,
// and meta with the version) and the steps that bring a database written by an older Hoist up to
// this one's. TaskStore runs them, each set in one transaction, and says what failed.
class TaskSchema final {
public:
    // 1: the queue. 2: tasks.content_hash (the file's SHA-256, so a restart does not hash again).
    // 3: tasks.parts (an upload sent as parts in parallel: each part's range, URL and offset).
    // 4: tasks.instant (completed by instant upload, without sending the file).
    // 5: tasks.rate_limit (the upload's own bandwidth limit, bytes per second; 0: none) and
    //    tasks.max_request (the most bytes one request may carry; 0: one chunk).
    // 6: tasks.to_delete (uploads on the server to delete, one URL a line).
    // 7: tasks.finished_ms (when it last reached Success or Error, for the Finished column;
    //    0: not).
    // 8: tasks.check_outcome (whether the server's copy was verified: UploadCheck::Outcome) and
    //    tasks.check_note (how, or why it could not be).
    // 9: tasks.error_text (why it failed, untranslated: source text, context and arguments as
    //    JSON, translated when shown). Rows failed before it keep error_message, their words as
    //    they were.
    // 10: tasks.http_status (the HTTP status of the answer that failed it, 0: none; a 401 is
    //     retried when a token for its server is saved).
    static constexpr int Version = 10;

    // What makes a new database, in order: its tables and its version.
    static QStringList creation();
    // What takes a database from schema `version` (1 to Version - 1) to the next.
    static QStringList stepFrom(int version);
};
