#include "precision/run_ut_report.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <regex>

#include <fmt/format.h>

#include "common/error.hpp"
#include "report/output_file.hpp"

namespace msprobe::precision {

namespace {

// An O_APPEND descriptor held open across APIs (one open and close per API cost more than the rest of
// the row writing).
class AppendFile {
public:
    explicit AppendFile(std::filesystem::path path) : path_(std::move(path)) {
        fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd_ < 0) throw Error(path_.string(), fmt::format("cannot open for writing: {}", std::strerror(errno)));
    }
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;
    ~AppendFile() { ::close(fd_); }

    void write(const std::string& bytes) const {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) throw Error(path_.string(), fmt::format("write failed: {}", std::strerror(errno)));
            done += static_cast<std::size_t>(n);
        }
    }

private:
    std::filesystem::path path_;
    int fd_ = -1;
};

}  // namespace

struct RunUtReport::OpenFiles {
    AppendFile result;
    AppendFile details;
};

const CsvRow& run_ut_result_header() {
    static const CsvRow header = {"API name", "Forward Test Success", "Backward Test Success", "Message"};
    return header;
}

const CsvRow& run_ut_details_header() {
    static const CsvRow header = {
        "API Name", "Bench Dtype", "DEVICE Dtype", "Shape", "余弦相似度", "最大绝对误差", "双百指标", "双千指标",
        "双万指标", "二进制一致错误率", "误差均衡性", "均方根误差", "小值域错误占比", "相对误差最大值",
        "相对误差平均值", "inf/nan错误率", "相对误差错误率", "绝对误差错误率", "ULP误差最大值", "ULP误差平均值",
        "ULP误差大于阈值占比", "Status", "Message"};
    return header;
}

CsvRow detail_fields(const DetailRow& row, int precision) {
    CsvRow fields = {row.api_name, row.bench_dtype, row.device_dtype, row.shape};
    for (const auto& m : row.metrics) fields.push_back(m.render(precision));
    fields.push_back(row.status);
    fields.push_back(row.message);
    return fields;
}

CsvRow result_fields(const ApiComparison& api) {
    CsvRow fields = {api.full_name, api.forward_status, api.backward_status};
    if (auto message = api.result_message()) fields.push_back(*message);
    return fields;
}

RunUtReport RunUtReport::create(const std::filesystem::path& dir, const std::string& timestamp, int precision,
                                report::FormulaCells formulas) {
    report::ensure_output_dir(dir);
    RunUtReport r;
    r.precision_ = precision;
    r.formulas_ = formulas;
    r.timestamp_ = create_new_csvs(timestamp, [&](const std::string& ts) {
        return std::vector<NewCsv>{{dir / ("accuracy_checking_result_" + ts + ".csv"), run_ut_result_header()},
                                   {dir / ("accuracy_checking_details_" + ts + ".csv"), run_ut_details_header()}};
    });
    r.result_ = dir / ("accuracy_checking_result_" + r.timestamp_ + ".csv");
    r.details_ = dir / ("accuracy_checking_details_" + r.timestamp_ + ".csv");
    return r;
}

RunUtReport RunUtReport::resume(const std::filesystem::path& result_csv, int precision,
                                report::FormulaCells formulas) {
    static const std::regex kName(R"(^accuracy_checking_result_(\d{14})\.csv$)");
    const std::string base = result_csv.filename().string();
    std::smatch m;
    if (!std::regex_match(base, m, kName)) {
        throw Error(result_csv.string(), "When continue run ut, please do not modify the result csv name.");
    }
    if (!std::filesystem::is_regular_file(result_csv)) throw Error(result_csv.string(), "does not exist");
    if (::access(result_csv.c_str(), R_OK | W_OK) != 0)
        throw Error(result_csv.string(), "is not readable and writable");
    std::string details_name = base;
    for (auto pos = details_name.find("result"); pos != std::string::npos; pos = details_name.find("result", pos)) {
        details_name.replace(pos, 6, "details");
        pos += 7;
    }
    RunUtReport r;
    r.timestamp_ = m[1];
    r.precision_ = precision;
    r.formulas_ = formulas;
    r.result_ = result_csv;
    r.details_ = result_csv.parent_path() / details_name;
    if (!std::filesystem::is_regular_file(r.details_)) {
        throw Error(r.details_.string(), "the details csv of the continued run does not exist");
    }
    return r;
}

void RunUtReport::append(const ApiComparison& api) const {
    if (!open_) open_.reset(new OpenFiles{AppendFile(result_), AppendFile(details_)});
    open_->result.write(csv_line(result_fields(api), formulas_));
    std::string details;
    for (const auto& row : api.rows) details += csv_line(detail_fields(row, precision_), formulas_);
    if (!details.empty()) open_->details.write(details);
}

std::set<std::string> RunUtReport::recorded_apis() const {
    std::set<std::string> names;
    const auto rows = read_csv(result_);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        if (!rows[i].empty()) names.insert(rows[i][0]);
    }
    return names;
}

}  // namespace msprobe::precision
