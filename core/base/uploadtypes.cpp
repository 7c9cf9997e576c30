#include "uploadtypes.h"

QString taskStateName(TaskState state)
{
    switch (state) {
    case TaskState::Waiting:
        return QStringLiteral("Waiting");
    case TaskState::Uploading:
        return QStringLiteral("Uploading");
    case TaskState::Paused:
        return QStringLiteral("Paused");
    case TaskState::Success:
        return QStringLiteral("Done");
    case TaskState::Error:
        return QStringLiteral("Failed");
    }
    return {};
}

QString priorityName(Priority priority)
{
    switch (priority) {
    case Priority::High:
        return QStringLiteral("High");
    case Priority::Normal:
        return QStringLiteral("Normal");
    case Priority::Low:
        return QStringLiteral("Low");
    }
    return {};
}
