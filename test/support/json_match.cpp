#include "support/json_match.hpp"

#include <fmt/format.h>
#include <rapidjson/document.h>

#include <cmath>

#include "support/file_text.hpp"

namespace fs = std::filesystem;

namespace msprobe::testing {

namespace {

class Differences {
public:
    Differences(double tolerance, std::size_t max_reports) : tolerance_(tolerance), max_reports_(max_reports) {}

    void compare(const rapidjson::Value& a, const rapidjson::Value& b, const std::string& path) {
        if (out_.size() >= max_reports_) return;
        if (a.IsNumber() && b.IsNumber()) {
            const double x = a.GetDouble(), y = b.GetDouble();
            const bool same = (std::isnan(x) && std::isnan(y)) || x == y ||
                              std::fabs(x - y) <= tolerance_ * std::fabs(y);
            if (!same) report(path, fmt::format("ours {} expected {}", x, y));
        } else if (a.GetType() != b.GetType()) {
            report(path, fmt::format("ours {} expected {}", text(a), text(b)));
        } else if (a.IsObject()) {
            compare_objects(a, b, path);
        } else if (a.IsArray()) {
            if (a.Size() != b.Size()) report(path, fmt::format("ours {} items expected {}", a.Size(), b.Size()));
            for (rapidjson::SizeType i = 0; i < std::min(a.Size(), b.Size()); ++i) {
                compare(a[i], b[i], fmt::format("{}[{}]", path, i));
            }
        } else if (a != b) {
            report(path, fmt::format("ours {} expected {}", text(a), text(b)));
        }
    }

    std::vector<std::string> take() { return std::move(out_); }

private:
    void compare_objects(const rapidjson::Value& a, const rapidjson::Value& b, const std::string& path) {
        auto x = a.MemberBegin();
        auto y = b.MemberBegin();
        for (; x != a.MemberEnd() && y != b.MemberEnd(); ++x, ++y) {
            const std::string key = x->name.GetString();
            if (key != y->name.GetString()) {
                report(path, fmt::format("key '{}' where msprobe has '{}'", key, y->name.GetString()));
                return;
            }
            compare(x->value, y->value, path + "/" + key);
        }
        if (a.MemberCount() != b.MemberCount()) {
            report(path, fmt::format("ours {} keys expected {}", a.MemberCount(), b.MemberCount()));
        }
    }

    static std::string text(const rapidjson::Value& v) {
        if (v.IsString()) return fmt::format("'{}'", v.GetString());
        if (v.IsBool()) return v.GetBool() ? "true" : "false";
        if (v.IsNull()) return "null";
        if (v.IsNumber()) return fmt::format("{}", v.GetDouble());
        return v.IsObject() ? "an object" : "an array";
    }

    void report(const std::string& path, const std::string& what) {
        if (out_.size() < max_reports_) out_.push_back(path + ": " + what);
    }

    double tolerance_;
    std::size_t max_reports_;
    std::vector<std::string> out_;
};

rapidjson::Document parse(const fs::path& file) {
    rapidjson::Document document;
    const std::string text = read_file_text(file);
    document.Parse<rapidjson::kParseNanAndInfFlag>(text.c_str());
    if (document.HasParseError()) throw std::runtime_error(file.string() + ": not JSON");
    return document;
}

}  // namespace

std::vector<std::string> json_file_differences(const fs::path& ours, const fs::path& expected,
                                               double relative_tolerance, std::size_t max_reports) {
    Differences differences(relative_tolerance, max_reports);
    differences.compare(parse(ours), parse(expected), "");
    return differences.take();
}

}  // namespace msprobe::testing
