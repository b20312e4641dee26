#include "report/sqlite_output.hpp"

#include <fmt/format.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "common/error.hpp"

namespace msprobe::report {

namespace {

// SQLite's message, and the system's when a file operation failed ("disk I/O
// error (File too large)" under a file-size limit).
std::string sqlite_reason(sqlite3* db, const std::string& message) {
    const int system_error = db != nullptr ? sqlite3_system_errno(db) : 0;
    return system_error != 0 ? fmt::format("{} ({})", message, std::strerror(system_error)) : message;
}

}  // namespace

SqliteOutput::SqliteOutput(std::filesystem::path path, std::string shown_name, bool begin)
    : path_(std::move(path)), shown_name_(std::move(shown_name)) {
    if (sqlite3_open(path_.c_str(), &db_) != SQLITE_OK) {
        const std::string reason = db_ ? sqlite_reason(db_, sqlite3_errmsg(db_)) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        remove_side_files();
        throw Error(shown_name_, "cannot create the database: " + reason);
    }
    // The file is private until committed: no journal, no syncs (a crash leaves a temporary file, removed).
    exec("PRAGMA journal_mode=OFF");
    exec("PRAGMA synchronous=OFF");
    exec("PRAGMA cache_size=-65536");
    if (begin) this->begin();
}

SqliteOutput::~SqliteOutput() {
    if (db_) sqlite3_close(db_);
    if (!closed_) remove_side_files();
}

// The database itself is the stager's to remove.
void SqliteOutput::remove_side_files() const {
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        auto side = path_;
        side += suffix;
        ::unlink(side.c_str());
    }
}

void SqliteOutput::exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string reason = sqlite_reason(db_, message ? message : "unknown error");
        sqlite3_free(message);
        throw Error(shown_name_, "cannot write the database: " + reason);
    }
}

void SqliteOutput::close() {
    if (sqlite3_close(db_) != SQLITE_OK) fail("cannot close the database");
    db_ = nullptr;
    closed_ = true;
}

std::int64_t SqliteOutput::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

std::int64_t SqliteOutput::root_page(std::string_view name) const {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT rootpage FROM sqlite_schema WHERE type IN ('table', 'index') AND name = ?", -1,
                           &stmt, nullptr) != SQLITE_OK) {
        fail("cannot read the database");
    }
    sqlite3_bind_text(stmt, 1, name.data(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
    const int rc = sqlite3_step(stmt);
    const std::int64_t page = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    if (rc == SQLITE_ROW) return page;
    if (rc == SQLITE_DONE) throw std::logic_error(fmt::format("{}: no table or index {}", shown_name_, name));
    fail("cannot read the database");
}

std::uint32_t SqliteOutput::page_size() const {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, "PRAGMA page_size", -1, &stmt, nullptr) != SQLITE_OK) fail("cannot read the database");
    const int rc = sqlite3_step(stmt);
    const auto size = rc == SQLITE_ROW ? static_cast<std::uint32_t>(sqlite3_column_int64(stmt, 0)) : 0;
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW) fail("cannot read the database");
    return size;
}

int SqliteOutput::changes() const { return sqlite3_changes(db_); }

void SqliteOutput::fail(std::string_view what) const {
    throw Error(shown_name_, fmt::format("{}: {}", what, sqlite_reason(db_, sqlite3_errmsg(db_))));
}

SqliteOutput::Statement::Statement(SqliteOutput& output, const std::string& sql) : output_(output) {
    if (sqlite3_prepare_v2(output_.db_, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) {
        output_.fail("cannot write the database");
    }
}

SqliteOutput::Statement::~Statement() { sqlite3_finalize(stmt_); }

void SqliteOutput::Statement::check(int rc) const {
    if (rc != SQLITE_OK) output_.fail("cannot write the database");
}

void SqliteOutput::Statement::text(int column, std::string_view value) {
    check(sqlite3_bind_text(stmt_, column, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT));
}

void SqliteOutput::Statement::optional_text(int column, const std::optional<std::string>& value) {
    if (value) {
        text(column, *value);
    } else {
        null(column);
    }
}

void SqliteOutput::Statement::integer(int column, std::int64_t value) {
    check(sqlite3_bind_int64(stmt_, column, value));
}

void SqliteOutput::Statement::real(int column, double value) { check(sqlite3_bind_double(stmt_, column, value)); }

void SqliteOutput::Statement::optional_real(int column, std::optional<double> value) {
    if (value) {
        real(column, *value);
    } else {
        null(column);
    }
}

void SqliteOutput::Statement::null(int column) { check(sqlite3_bind_null(stmt_, column)); }

void SqliteOutput::Statement::run() {
    if (sqlite3_step(stmt_) != SQLITE_DONE) output_.fail("cannot write the database");
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

}  // namespace msprobe::report
