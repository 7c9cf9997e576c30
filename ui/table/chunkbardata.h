#pragma once

#include "uploadtypes.h"

#include <QMetaType>
#include <QVector>

class UploadTask;

// What the chunk bar paints for one row. `states` is an implicitly shared copy (cheap);
// `revision` changes whenever the picture would, so a painter can cache by (task, width, revision).
struct ChunkBarData {
    TaskId taskId = 0;
    quint64 revision = 0;
    QVector<ChunkState> states;
    double inFlightFraction = 0; // of each in-flight chunk, the part that has left this machine
    QVector<int> partStarts;     // chunks where a parallel part begins: its runs are its own

    // The picture of `task` as it stands (the table's ChunkMapRole, the details pane's map).
    static ChunkBarData of(const UploadTask &task);
};
Q_DECLARE_METATYPE(ChunkBarData)
