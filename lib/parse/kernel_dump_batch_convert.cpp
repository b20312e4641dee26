#include "parse/kernel_dump_batch_convert.hpp"

#include <ostream>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "common/timestamps.hpp"
#include "parse/depth_limited_walk.hpp"
#include "parse/kernel_dump_to_npy.hpp"
#include "report/output_file.hpp"

namespace msprobe::parse {

namespace {

namespace fs = std::filesystem;

// msprobe's MAX_TRAVERSAL_DEPTH and the fewest dot parts of a kernel dump's name
// (<op_type>.<op_name>.<task_id>.<stream_id>.<timestamp>).
constexpr std::size_t kWalkDepth = 5;
constexpr std::size_t kDumpNameParts = 5;

}  // namespace

std::vector<BatchConvertFile> batch_convert_plan(const std::string& dump_dir, const fs::path& output_dir) {
    std::vector<BatchConvertFile> plan;
    for (const auto& file : depth_limited_walk(dump_dir, kWalkDepth)) {
        const auto parts = py::split_dots(file.name);
        if (parts.size() < kDumpNameParts) continue;
        plan.push_back({file.path(), output_dir / std::string(parts[1]) / std::string(parts.back())});
    }
    return plan;
}

fs::path default_batch_convert_dir() { return fs::path("parse_data") / "batch_dump_convert" / local_timestamp(); }

BatchConvertOutcome batch_convert_kernel_dumps(const std::string& dump_dir, const fs::path& output_dir,
                                               ThreadPool& pool, std::ostream& out) {
    report::check_output_dir(output_dir);
    const auto plan = batch_convert_plan(dump_dir, output_dir);
    BatchConvertOutcome outcome;
    outcome.files = plan.size();
    for (const auto& file : plan) {
        try {
            convert_to_npy({file.source, file.output_dir, std::nullopt}, pool, out);
        } catch (const Error& error) {
            out << "error: " << error.what() << "\n" << std::flush;
            outcome.failures.emplace_back(error.what());
        }
    }
    return outcome;
}

}  // namespace msprobe::parse
