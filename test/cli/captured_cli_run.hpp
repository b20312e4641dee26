#pragma once
// run_cli in this process over a table of the test's own, with what it writes
// on stdout and stderr captured: for checking the command line's machinery
// (errors, a run's tail) without a subcommand of the binary.
#include <unistd.h>

#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "cli_main.hpp"

namespace msprobe::testing {

struct CapturedCliRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Redirects one standard stream into a temporary file until taken back.
class CapturedStream {
public:
    CapturedStream(std::FILE* stream, int fd) : stream_(stream), fd_(fd), file_(std::tmpfile()) {
        std::fflush(stream_);
        saved_ = ::dup(fd_);
        ::dup2(::fileno(file_), fd_);
    }
    ~CapturedStream() {
        if (file_ != nullptr) take_back();
    }
    CapturedStream(const CapturedStream&) = delete;
    CapturedStream& operator=(const CapturedStream&) = delete;

    std::string take_back() {
        std::fflush(stream_);
        ::dup2(saved_, fd_);
        ::close(saved_);
        std::rewind(file_);
        std::string text;
        for (int c = std::fgetc(file_); c != EOF; c = std::fgetc(file_)) text += static_cast<char>(c);
        std::fclose(file_);
        file_ = nullptr;
        return text;
    }

private:
    std::FILE* stream_;
    int fd_;
    std::FILE* file_;
    int saved_ = -1;
};

// run_cli(argv = "msprobe" + args) over `table`, as msprobe.
inline CapturedCliRun run_cli_captured(std::span<const cli::Subcommand> table, std::vector<std::string> args) {
    std::vector<char*> argv;
    std::string program = "msprobe";
    argv.push_back(program.data());
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    CapturedStream out(stdout, STDOUT_FILENO);
    CapturedStream err(stderr, STDERR_FILENO);
    CapturedCliRun run;
    run.exit_code = cli::run_cli(static_cast<int>(argv.size() - 1), argv.data(), table,
                                 {cli::Binary::Msprobe, "test", "test"});
    run.err = err.take_back();
    run.out = out.take_back();
    return run;
}

}  // namespace msprobe::testing
