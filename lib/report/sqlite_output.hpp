#pragma once
// An SQLite database a run writes (graph's .vis.db, data2db's trend databases):
// opened on a file the caller stages (StagedFiles), so it is private until
// placed, and therefore written without a journal, in one transaction. Every
// failure is an msprobe::Error naming the file as the user knows it, with
// SQLite's reason and the system's ("disk I/O error (No space left on device)").
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace msprobe::report {

class SqliteOutput {
public:
    // Creates the database `path`; errors name `shown_name`. Opens a transaction unless `begin` is false
    // (the caller then runs statements outside one first and calls begin()).
    SqliteOutput(std::filesystem::path path, std::string shown_name, bool begin = true);
    ~SqliteOutput();  // closes the database; the side files of an unfinished one are removed
    SqliteOutput(const SqliteOutput&) = delete;
    SqliteOutput& operator=(const SqliteOutput&) = delete;

    void exec(const std::string& sql);
    void begin() { exec("BEGIN"); }
    void commit() { exec("COMMIT"); }
    // Closes the database; no side file remains.
    void close();

    std::int64_t last_insert_rowid() const;
    // The database's page size in bytes.
    std::uint32_t page_size() const;
    // The root page number of the table or index `name` (for writing its b-tree directly:
    // SqliteSortedTableWriter, SqliteRowidTableWriter); std::logic_error when there is none.
    std::int64_t root_page(std::string_view name) const;
    int changes() const;  // rows the last statement inserted (0 when INSERT OR IGNORE ignored it)
    const std::string& shown_name() const { return shown_name_; }
    sqlite3* handle() const { return db_; }

    // The error naming the file, with SQLite's reason for the last failed call.
    [[noreturn]] void fail(std::string_view what) const;

    // A prepared statement, bound column by column (1-based), run, then reset for the next row.
    class Statement {
    public:
        Statement(SqliteOutput& output, const std::string& sql);
        ~Statement();
        Statement(const Statement&) = delete;
        Statement& operator=(const Statement&) = delete;

        void text(int column, std::string_view value);
        void optional_text(int column, const std::optional<std::string>& value);
        void integer(int column, std::int64_t value);
        void real(int column, double value);
        void optional_real(int column, std::optional<double> value);
        void null(int column);
        void run();

    private:
        void check(int rc) const;
        SqliteOutput& output_;
        sqlite3_stmt* stmt_ = nullptr;
    };

private:
    void remove_side_files() const;

    std::filesystem::path path_;
    std::string shown_name_;
    sqlite3* db_ = nullptr;
    bool closed_ = false;
};

}  // namespace msprobe::report
