#pragma once

#include <QTest>

// Whether this program was built with AddressSanitizer (scripts/test.sh --sanitize builds
// build-sanitize/ with it). GCC defines __SANITIZE_ADDRESS__ itself, clang answers
// __has_feature, so any sanitized build counts, however it was configured. HOIST_SANITIZE's test
// programs are linked with it but their own code is not instrumented: CMake defines
// HOIST_ADDRESS_SANITIZER for them.
#if defined(HOIST_ADDRESS_SANITIZER)
#elif defined(__SANITIZE_ADDRESS__)
#define HOIST_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOIST_ADDRESS_SANITIZER 1
#endif
#endif

#ifdef HOIST_ADDRESS_SANITIZER
inline constexpr bool underAddressSanitizer = true;
#else
inline constexpr bool underAddressSanitizer = false;
#endif

// How many times a bound on CPU or wall time grows under AddressSanitizer: instrumented code runs
// about two to three times as long (hoistd's own tests, the same test against a plain and a
// sanitized hoistd). A bound that guards against work growing out of hand (quadratic, minutes
// where a second is due) keeps its meaning at three times; one that measures speed does not.
inline constexpr int sanitizerTimeFactor = underAddressSanitizer ? 3 : 1;

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
