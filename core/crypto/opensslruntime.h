#pragma once

#include <openssl/crypto.h>

// libcrypto, which Hoist and hoistd hash and sign with, set up so that it lasts until the
// process is gone. Every file that calls libcrypto includes this header, so that any program
// linking one of them runs keepUntilExit() during static initialisation, before main() and
// before any library (libcurl, libpq, libssh, Qt's TLS backend) sets OpenSSL up: only the first
// set-up decides whether OpenSSL registers its clean-up with atexit().
//
// Why not let OpenSSL clean up at exit, as it does by default: threads outlive that handler.
// A QThread's wait() returns before the thread's own thread-local destructors have run, and the
// threads that read files are never joined at all (filereadpool.cpp). A thread that hashed and
// ends after the handler ran finds OpenSSL's thread-local keys gone, so its error queue (904
// bytes) is never freed: LeakSanitizer reported it at the exit of hoist, hoistd and the tests,
// at random. A thread still hashing then would use state the handler had freed. Without the
// handler every thread finds libcrypto whole to the end, and the system takes the memory back.
namespace OpenSslRuntime {
inline bool keepUntilExit()
{
    return OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) == 1;
}
inline const bool keptUntilExit = keepUntilExit();
} // namespace OpenSslRuntime
