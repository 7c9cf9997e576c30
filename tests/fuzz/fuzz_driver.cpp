// A small stand-in for libFuzzer, so a fuzz target runs with any compiler and in CI:
//   fuzz_tuswire_driver [--seconds N] [--seed S] [--max-len L] [--crash FILE] CORPUS...
// Runs LLVMFuzzerTestOneInput over every file in the CORPUS folders (or files), then for N seconds
// over inputs made from them (mutated, spliced, dictionary tokens, or plain random) with a fixed
// seed. The target checks its own invariants and aborts when one fails; the driver then writes the
// input that did it to FILE (fuzz-crash.bin) so it can be replayed: fuzz_tuswire_driver FILE.
// No coverage feedback: this finds what random and mutated input finds, quickly and the same way
// every run; the libFuzzer build (HOIST_LIBFUZZER) is the one to leave running for longer.

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <random>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

using Bytes = std::vector<uint8_t>;

// The input being run, for the crash handler (which may only use async-signal-safe calls).
const Bytes *g_current = nullptr;
const char *g_crashPath = "fuzz-crash.bin";

void onCrash(int signal)
{
    if (g_current) {
        const int fd = ::open(g_crashPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ssize_t ignored = ::write(fd, g_current->data(), g_current->size());
            (void)ignored;
            ::close(fd);
        }
        const char message[] = "fuzz driver: crashing input written to the --crash file\n";
        ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
        (void)ignored;
    }
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

bool readFile(const std::string &path, Bytes *out)
{
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f)
        return false;
    out->clear();
    uint8_t buffer[4096];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
        out->insert(out->end(), buffer, buffer + n);
    std::fclose(f);
    return true;
}

// Files of a folder (sorted, so runs are repeatable), or the path itself when it is a file.
std::vector<std::string> corpusFiles(const std::string &path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return {};
    if (!S_ISDIR(st.st_mode))
        return {path};
    std::vector<std::string> files;
    if (DIR *dir = ::opendir(path.c_str())) {
        while (const dirent *entry = ::readdir(dir)) {
            const std::string name = entry->d_name;
            if (name == "." || name == ".." || name.rfind('.', 0) == 0)
                continue;
            const std::string full = path + "/" + name;
            if (::stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode))
                files.push_back(full);
        }
        ::closedir(dir);
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Pieces of the grammars under test, so mutations reach past the first syntax check.
const char *const Dictionary[] = {
    " ",
    ",",
    ", ",
    "=",
    "==",
    "\t",
    "\r\n",
    "0",
    "9",
    "18446744073709551616",
    "999999999999999999",
    "-1",
    "+1",
    "sha256 ",
    "sha1 ",
    "md5 ",
    "SHA256 ",
    "crc32 ",
    "filename ",
    "aGVsbG8=",
    "d29ybGQ",
    "AAAA",
    "////",
    "+/+/",
    "-_-_",
    "\x80",
    "\xff",
    "\0",
    "partial",
    "final;",
    "/files/",
    "http://",
    "https://",
    "127.0.0.1:1080",
    "/files/..",
    "0123456789abcdef0123456789abcdef",
};

class Mutator {
public:
    Mutator(uint64_t seed, size_t maxLength)
        : m_random(seed)
        , m_maxLength(maxLength)
    {
    }

    Bytes make(const std::vector<Bytes> &corpus)
    {
        Bytes out;
        if (corpus.empty() || pick(8) == 0) {
            out.resize(pick(m_maxLength + 1));
            for (auto &b : out)
                b = uint8_t(pick(256));
        } else {
            out = corpus[pick(corpus.size())];
        }
        const size_t rounds = 1 + pick(8);
        for (size_t i = 0; i < rounds; ++i)
            mutate(&out, corpus);
        if (out.size() > m_maxLength)
            out.resize(m_maxLength);
        return out;
    }

private:
    size_t pick(size_t n) { return n ? size_t(m_random() % n) : 0; }

    void mutate(Bytes *b, const std::vector<Bytes> &corpus)
    {
        const size_t at = pick(b->size() + 1);
        switch (pick(8)) {
        case 0: // flip a bit
            if (!b->empty())
                (*b)[pick(b->size())] ^= uint8_t(1u << pick(8));
            break;
        case 1: // replace a byte
            if (!b->empty())
                (*b)[pick(b->size())] = uint8_t(pick(256));
            break;
        case 2: { // insert random bytes
            const size_t n = 1 + pick(8);
            for (size_t i = 0; i < n; ++i)
                b->insert(b->begin() + std::ptrdiff_t(at), uint8_t(pick(256)));
            break;
        }
        case 3: // erase a range
            if (at < b->size())
                b->erase(b->begin() + std::ptrdiff_t(at),
                         b->begin() + std::ptrdiff_t(std::min(b->size(), at + 1 + pick(16))));
            break;
        case 4: { // duplicate a range (long lists, repeated keys)
            if (b->empty())
                break;
            const size_t from = pick(b->size());
            const size_t n = 1 + pick(std::min<size_t>(64, b->size() - from));
            const Bytes piece(b->begin() + std::ptrdiff_t(from),
                              b->begin() + std::ptrdiff_t(from + n));
            const size_t times = 1 + pick(16);
            for (size_t i = 0; i < times && b->size() < m_maxLength; ++i)
                b->insert(b->begin() + std::ptrdiff_t(std::min(at, b->size())), piece.begin(),
                          piece.end());
            break;
        }
        case 5: { // a dictionary token
            const char *token = Dictionary[pick(sizeof Dictionary / sizeof *Dictionary)];
            const size_t n = std::max<size_t>(1, std::strlen(token)); // "\0" is one NUL byte
            b->insert(b->begin() + std::ptrdiff_t(at), token, token + n);
            break;
        }
        case 6: // splice in part of another corpus entry
            if (!corpus.empty()) {
                const Bytes &other = corpus[pick(corpus.size())];
                const size_t from = pick(other.size() + 1);
                const size_t n = pick(other.size() - from + 1);
                b->insert(b->begin() + std::ptrdiff_t(at), other.begin() + std::ptrdiff_t(from),
                          other.begin() + std::ptrdiff_t(from + n));
            }
            break;
        default: // truncate
            b->resize(at);
            break;
        }
    }

    std::mt19937_64 m_random;
    size_t m_maxLength;
};

void usage()
{
    std::fprintf(stderr, "usage: fuzz_driver [--seconds N] [--seed S] [--max-len L] [--crash FILE] "
                         "CORPUS...\n");
}

} // namespace

int main(int argc, char **argv)
{
    double seconds = 0;
    uint64_t seed = 20240401;
    size_t maxLength = 4096;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--seconds" && hasValue) {
            seconds = std::atof(argv[++i]);
        } else if (arg == "--seed" && hasValue) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--max-len" && hasValue) {
            maxLength = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--crash" && hasValue) {
            g_crashPath = argv[++i];
        } else if (arg.rfind("--", 0) == 0) {
            usage();
            return 2;
        } else {
            paths.push_back(arg);
        }
    }
    for (int s : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL})
        std::signal(s, onCrash);

    using Clock = std::chrono::steady_clock;
    double slowestMs = 0;
    size_t slowestSize = 0;
    auto run = [&](const Bytes &input) {
        g_current = &input;
        const auto start = Clock::now();
        LLVMFuzzerTestOneInput(input.data(), input.size());
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (ms > slowestMs) {
            slowestMs = ms;
            slowestSize = input.size();
        }
        g_current = nullptr;
    };

    std::vector<Bytes> corpus;
    for (const std::string &path : paths) {
        const auto files = corpusFiles(path);
        if (files.empty()) {
            std::fprintf(stderr, "fuzz driver: no corpus at %s\n", path.c_str());
            return 2;
        }
        for (const std::string &file : files) {
            Bytes input;
            if (!readFile(file, &input)) {
                std::fprintf(stderr, "fuzz driver: cannot read %s\n", file.c_str());
                return 2;
            }
            run(input);
            corpus.push_back(std::move(input));
        }
    }
    std::printf("fuzz driver: %zu corpus inputs passed\n", corpus.size());

    Mutator mutator(seed, maxLength);
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    uint64_t runs = 0;
    while (seconds > 0 && Clock::now() < deadline) {
        for (int i = 0; i < 16; ++i, ++runs) // a slow target still ends on time
            run(mutator.make(corpus));
    }
    std::printf("fuzz driver: %llu generated inputs passed in %.0f s (seed %llu, max length %zu); "
                "slowest input %.2f ms (%zu bytes)\n",
                static_cast<unsigned long long>(runs), seconds,
                static_cast<unsigned long long>(seed), maxLength, slowestMs, slowestSize);
    return 0;
}
