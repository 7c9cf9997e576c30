#pragma once

#include <QByteArray>

// The machine's load averages (1, 5 and 15 minutes, as /proc/loadavg has them; "?" when it
// cannot be read), printed beside the timings a test reports, so that a slow run on a busy
// machine reads as such.
QByteArray loadAverage();
