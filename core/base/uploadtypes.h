#pragma once

#include <QMetaType>
#include <QString>
#include <QtGlobal>

// Plain value types shared by the engine, the window and the headless runner.

using TaskId = quint64;

enum class TaskState : quint8 { Waiting, Uploading, Paused, Success, Error };
constexpr int TaskStateCount = 5;

// What an Uploading task is doing: reading its file for its SHA-256 first (which holds one of the
// concurrency slots, as it is disk work too), then moving bytes. A detail of Uploading only.
enum class TaskPhase : quint8 { Hashing, Transferring };

enum class Priority : quint8 { Low = 0, Normal = 1, High = 2 };

enum class ChunkState : quint8 { Pending, InFlight, Done, Failed };

QString taskStateName(TaskState state);
QString priorityName(Priority priority);

Q_DECLARE_METATYPE(TaskId)
