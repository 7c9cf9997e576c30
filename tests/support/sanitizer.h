#pragma once

#include <QTest>

// Whether this program runs with AddressSanitizer (scripts/test.sh --sanitize builds
// build-sanitize/ with it). Asked of the running program, not of the compiler: in that tree only
// Hoist's and hoistd's code is instrumented, the test programs' own code is compiled exactly as in
// the plain tree (so that it is compiled once for both, see CMakeLists.txt) and only linked with
// the sanitizers' runtime, whose entry point the weak reference finds.
extern "C" void __asan_init() __attribute__((weak));
inline const bool underAddressSanitizer = &__asan_init != nullptr;

// How many times a bound on CPU or wall time grows under AddressSanitizer: instrumented code runs
// about two to three times as long (hoistd's own tests, the same test against a plain and a
// sanitized hoistd). A bound that guards against work growing out of hand (quadratic, minutes
// where a second is due) keeps its meaning at three times; one that measures speed does not.
inline const int sanitizerTimeFactor = underAddressSanitizer ? 3 : 1;

// How many times a bound on hoistd's resident memory grows under AddressSanitizer: its shadow
// memory, red zones and quarantine of freed blocks about double hoistd's peak while it streams a
// large body (42 MiB against 21 MiB, a 256 MiB PATCH and a 128 MiB GET). Twice a bound of 48 MiB
// still tells a streamed body from one held whole (128 or 256 MiB).
inline const int sanitizerMemoryFactor = underAddressSanitizer ? 2 : 1;

// Whether a program's stderr holds a sanitizer's report (ASan, LeakSanitizer, UBSan).
inline bool hasSanitizerReport(const QByteArray &stderrLog)
{
    return stderrLog.contains("ERROR: AddressSanitizer")
           || stderrLog.contains("ERROR: LeakSanitizer") || stderrLog.contains("runtime error: ");
}

// Skips a test whose meaning AddressSanitizer takes away: its shadow memory (an eighth of every
// mapping), red zones around each block and the quarantine of freed blocks make the resident size
// several times the program's own, and its allocator answers no mallinfo2(). `why` says what the
// test measures, a string literal.
#define SKIP_UNDER_ADDRESS_SANITIZER(why)                                                          \
    do {                                                                                           \
        if (underAddressSanitizer)                                                                 \
            QSKIP("under AddressSanitizer: " why);                                                 \
    } while (false)
