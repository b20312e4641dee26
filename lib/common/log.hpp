#pragma once
// Progress and diagnostics in msprobe's log line format:
// "YYYY-MM-DD HH:MM:SS (<pid>) [INFO] message". The threshold comes from
// MSPROBE_LOG_LEVEL (0 debug, 1 info, 2 warning, 3 error, 4 silent), as in msprobe.
#include <string_view>

namespace msprobe::log {

enum class Level { Debug = 0, Info = 1, Warning = 2, Error = 3 };

void write(Level level, std::string_view message);

inline void debug(std::string_view m) { write(Level::Debug, m); }
inline void info(std::string_view m) { write(Level::Info, m); }
inline void warning(std::string_view m) { write(Level::Warning, m); }
inline void error(std::string_view m) { write(Level::Error, m); }

// While one lives with `quiet` true, this process writes only errors: a
// process of an MPI run doing what the first process does, and says, too.
class QuietScope {
public:
    explicit QuietScope(bool quiet);
    ~QuietScope();
    QuietScope(const QuietScope&) = delete;
    QuietScope& operator=(const QuietScope&) = delete;

private:
    bool quiet_;
};

}  // namespace msprobe::log
