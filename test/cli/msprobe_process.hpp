#pragma once
// Runs the built msprobe binary the way a user's script does and collects its
// exit code, stdout and stderr.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/file_text.hpp"

namespace msprobe::testing {

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) {
        if (c == '\'') {
            q += "'\\''";
        } else {
            q += c;
        }
    }
    return q + "'";
}

// The binary under test: the build's, or the one MSPROBE_TEST_BINARY names (a packaged static build, say).
inline std::string tested_binary() {
    const char* other = std::getenv("MSPROBE_TEST_BINARY");
    return other != nullptr && *other != '\0' ? std::string(other) : std::string(MSPROBE_BINARY);
}

// `stdin_text`, when given, is what the process reads on stdin; `shell_setup`
// (e.g. "ulimit -v 1048576 && ") runs in its shell first.
inline ProcessResult run_msprobe(const std::vector<std::string>& args, const std::filesystem::path& cwd,
                                 const std::string* stdin_text = nullptr, const std::string& shell_setup = "") {
    const auto out_file = cwd / ".stdout.txt";
    const auto err_file = cwd / ".stderr.txt";
    const auto in_file = cwd / ".stdin.txt";
    std::string cmd = shell_setup + "cd " + shell_quote(cwd.string()) + " && ";
#ifdef MSPROBE_BINARY_EMULATOR
    cmd += MSPROBE_BINARY_EMULATOR " ";  // a cross-built binary: its emulator, as ctest uses
#endif
    cmd += shell_quote(tested_binary());
    for (const auto& a : args) cmd += " " + shell_quote(a);
    if (stdin_text != nullptr) {
        std::ofstream(in_file, std::ios::binary) << *stdin_text;
        cmd += " <" + shell_quote(in_file.string());
    }
    cmd += " >" + shell_quote(out_file.string()) + " 2>" + shell_quote(err_file.string());
    const int status = std::system(cmd.c_str());
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = msprobe::testing::read_file_text(out_file);
    r.err = msprobe::testing::read_file_text(err_file);
    std::filesystem::remove(out_file);
    std::filesystem::remove(err_file);
    if (stdin_text != nullptr) std::filesystem::remove(in_file);
    return r;
}

// The file in `dir` whose name starts with `prefix` (empty path when none).
inline std::filesystem::path output_named(const std::filesystem::path& dir, const std::string& prefix) {
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
    }
    return {};
}

inline void write_text(const std::filesystem::path& p, const std::string& text) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace msprobe::testing
