#include "chunkbardata.h"

#include "chunkmap.h"
#include "uploadtask.h"

#include <QHash>

#include <algorithm>

ChunkBarData ChunkBarData::of(const UploadTask &task)
{
    const ChunkMap &map = task.chunks();
    ChunkBarData data;
    data.taskId = task.id();
    data.states = map.states();
    if (data.states.isEmpty()) // an empty file: one chunk, done or not
        data.states = {task.state() == TaskState::Success ? ChunkState::Done : ChunkState::Pending};
    const auto first = std::find(data.states.cbegin(), data.states.cend(), ChunkState::InFlight);
    if (first != data.states.cend() && map.count() > 0) {
        const int index = int(first - data.states.cbegin());
        const qint64 length = map.chunkEnd(index) - map.chunkBegin(index);
        if (length > 0)
            data.inFlightFraction = std::clamp(double(map.inFlightBytes()) / length, 0.0, 1.0);
    }
    for (const UploadPart &part : task.parts()) {
        if (part.begin > 0)
            data.partStarts.append(map.indexOf(part.begin));
    }
    // 1/1000 of a chunk is finer than any pixel; hashing a coarser value saves repaints.
    const auto permille = quint64(data.inFlightFraction * 1000);
    data.revision = qHashBits(data.states.constData(), size_t(data.states.size()), permille);
    return data;
}
