#pragma once
// What a piece of code printed on one of the process's standard streams.
#include <unistd.h>

#include <cstdio>
#include <string>

namespace msprobe::testing {

// What `write` printed on `fd` (STDOUT_FILENO or STDERR_FILENO).
template <class Write>
std::string captured_output(int fd, Write write) {
    std::FILE* stream = fd == STDOUT_FILENO ? stdout : stderr;
    std::FILE* capture = std::tmpfile();
    std::fflush(stream);
    const int saved = ::dup(fd);
    ::dup2(::fileno(capture), fd);
    write();
    std::fflush(stream);
    ::dup2(saved, fd);
    ::close(saved);
    std::rewind(capture);
    std::string text;
    for (int c = std::fgetc(capture); c != EOF; c = std::fgetc(capture)) text += static_cast<char>(c);
    std::fclose(capture);
    return text;
}

}  // namespace msprobe::testing
