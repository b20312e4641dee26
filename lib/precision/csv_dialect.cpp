#include "precision/csv_dialect.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "report/csv_reader.hpp"
#include "report/csv_writer.hpp"

namespace msprobe::precision {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

void write_all(const std::filesystem::path& path, int flags, const std::string& bytes) {
    const int fd = ::open(path.c_str(), flags | O_WRONLY | O_CLOEXEC, 0640);
    if (fd < 0) throw Error(path.string(), fmt::format("cannot open for writing: {}", std::strerror(errno)));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            throw Error(path.string(), fmt::format("write failed: {}", std::strerror(err)));
        }
        done += static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0) throw Error(path.string(), fmt::format("write failed: {}", std::strerror(errno)));
}

}  // namespace

std::string csv_line(const CsvRow& fields, report::FormulaCells formulas) {
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) line += ',';
        report::append_csv_field(line, fields[i], formulas);
    }
    line += "\r\n";
    return line;
}

std::string csv_file_start(const CsvRow& header) { return std::string(kBom) + csv_line(header); }

std::string create_new_csvs(const std::string& timestamp,
                            const std::function<std::vector<NewCsv>(const std::string& timestamp)>& files_at) {
    constexpr int kTries = 1000;
    std::string ts = timestamp;
    for (int attempt = 0; attempt < kTries; ++attempt, ts = next_local_timestamp(ts)) {
        std::vector<std::filesystem::path> created;
        const auto take_back = [&] {
            for (const auto& p : created) ::unlink(p.c_str());
        };
        bool taken = false;
        try {
            for (const auto& file : files_at(ts)) {
                // Claimed with O_EXCL first: a name another run holds is never opened for writing.
                const int fd = ::open(file.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
                const int err = errno;
                if (fd < 0 && err == EEXIST) {
                    taken = true;
                    break;
                }
                if (fd < 0)
                    throw Error(file.path.string(), fmt::format("cannot open for writing: {}", std::strerror(err)));
                ::close(fd);
                created.push_back(file.path);
                write_all(file.path, O_APPEND, csv_file_start(file.header));
            }
        } catch (...) {
            take_back();
            throw;
        }
        if (!taken) return ts;
        take_back();
    }
    throw Error(files_at(timestamp).front().path.string(),
                fmt::format("the names of the next {} seconds are taken", kTries));
}

void append_csv(const std::filesystem::path& path, const std::string& encoded_rows) {
    if (encoded_rows.empty()) return;
    write_all(path, O_APPEND, encoded_rows);
}

std::vector<CsvRow> read_csv(const std::filesystem::path& path) {
    auto rows = report::read_csv_records(path.string());
    for (auto& row : rows) {
        for (auto& field : row) report::take_off_formula_guard(field);
    }
    return rows;
}

}  // namespace msprobe::precision
