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

std::string csv_line(const CsvRow& fields) {
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) line += ',';
        report::append_csv_field(line, fields[i]);
    }
    line += "\r\n";
    return line;
}

void create_csv(const std::filesystem::path& path, const CsvRow& header) {
    write_all(path, O_CREAT | O_TRUNC, std::string(kBom) + csv_line(header));
}

void append_csv(const std::filesystem::path& path, const std::string& encoded_rows) {
    if (encoded_rows.empty()) return;
    write_all(path, O_APPEND, encoded_rows);
}

std::vector<CsvRow> read_csv(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path.string(), "cannot be read");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (text.compare(0, kBom.size(), kBom) == 0) text.erase(0, kBom.size());

    std::vector<CsvRow> rows;
    CsvRow row;
    std::string field;
    bool quoted = false, field_started = false;
    auto end_field = [&] {
        row.push_back(std::move(field));
        field.clear();
        field_started = false;
    };
    auto end_row = [&] {
        end_field();
        rows.push_back(std::move(row));
        row.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == '"' && !field_started) {
            quoted = true;
            field_started = true;
        } else if (c == ',') {
            end_field();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            end_row();
            ++i;
        } else if (c == '\n') {
            end_row();
        } else {
            field += c;
            field_started = true;
        }
    }
    if (field_started || !field.empty() || !row.empty()) end_row();
    if (quoted) throw Error(path.string(), "unterminated quoted field");
    return rows;
}

}  // namespace msprobe::precision
