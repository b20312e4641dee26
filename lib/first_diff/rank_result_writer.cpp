#include "first_diff/rank_result_writer.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>
#include <unordered_map>

#include "common/log.hpp"
#include "common/python_json_writer.hpp"
#include "compare/compare_mode.hpp"
#include "compare/dump_pair_reading.hpp"
#include "compare/matcher.hpp"
#include "compare/summary_table.hpp"
#include "dump/dump_file.hpp"
#include "dump/json_file.hpp"
#include "dump/stack_entries.hpp"
#include "first_diff/occurrence_rank_table.hpp"
#include "first_diff/json_copy.hpp"

namespace msprobe::first_diff {

namespace {

namespace fs = std::filesystem;
using compare::RowPair;

const char* state_text(dump::RowState state) {
    switch (state) {
        case dump::RowState::Input: return "input";
        case dump::RowState::Parameters: return "parameters";
        case dump::RowState::Output: return "output";
        case dump::RowState::ParametersGrad: return "parameters_grad";
        case dump::RowState::Debug: break;
    }
    return "debug";
}

void write_stat(py::JsonWriter& out, const dump::StatValue& value) {
    using Kind = dump::StatValue::Kind;
    switch (value.kind) {
        case Kind::Null: out.null(); return;
        case Kind::Bool: out.boolean(value.boolean); return;
        case Kind::Text: out.string(value.text()); return;
        case Kind::Number: break;
    }
    if (value.integer) {
        out.integer(static_cast<std::int64_t>(value.number));
    } else {
        out.number(value.number);
    }
}

void write_cell(py::JsonWriter& out, const report::Cell& cell, const dump::StatValue* source) {
    if (cell.is_text()) {
        out.string(cell.text());
    } else if (cell.is_bool()) {
        out.boolean(cell.boolean_value());
    } else if (cell.is_number()) {
        // A statistic the dump wrote as an integer stays one (pandas keeps it an int).
        if (source && source->kind == dump::StatValue::Kind::Number && source->integer) {
            out.integer(static_cast<std::int64_t>(cell.number()));
        } else {
            out.number(cell.number());
        }
    } else {
        out.null();
    }
}

void write_p2p(py::JsonWriter& out, const dump::DumpRow* row, bool peer) {
    if (!row || !row->p2p) {
        out.string("None");
        return;
    }
    write_stat(out, peer ? row->p2p->peer : row->p2p->op);
}

// The frame lists of stack.json by API key, pointing into the loaded file.
class StackFrames {
public:
    explicit StackFrames(const fs::path& path) : json_(dump::JsonFile::load(path)) {
        dump::for_each_stack_entry(json_, [&](std::string_view api, dump::JsonView frames) {
            frames_[std::string(api)] = frames;
        });
    }
    dump::JsonView find(const std::string& api) const {
        auto it = frames_.find(api);
        return it == frames_.end() ? dump::JsonView() : it->second;
    }

private:
    dump::JsonFile json_;
    std::unordered_map<std::string, dump::JsonView> frames_;
};

class RankResultWriter {
public:
    RankResultWriter(const dump::DumpFile& npu, const dump::DumpFile& bench, const std::vector<RowPair>& pairs,
                     const compare::ResultTable& result, const StackFrames* stack)
        : npu_(npu), bench_(bench), pairs_(pairs), result_(result), stack_(stack) {
        // Which statistic (side, index) each column shows, to keep integers integers.
        static const std::array<const char*, 4> kNpu = {"NPU max", "NPU min", "NPU mean", "NPU l2norm"};
        static const std::array<const char*, 4> kBench = {"Bench max", "Bench min", "Bench mean", "Bench l2norm"};
        stat_of_column_.assign(result.table.header.size(), {-1, 0});
        for (std::size_t i = 0; i < 4; ++i) {
            if (int c = result.column(kNpu[i]); c >= 0) stat_of_column_[static_cast<std::size_t>(c)] = {0, i};
            if (int c = result.column(kBench[i]); c >= 0) stat_of_column_[static_cast<std::size_t>(c)] = {1, i};
        }
    }

    void write(const std::vector<ApiCheck>& checks, const fs::path& file) const {
        py::JsonWriter out(file, 4);
        out.begin_object();
        for (const auto& check : checks) {
            out.key(check.api);
            out.begin_object();
            out.key("is_same");
            out.boolean(check.is_same);
            out.key("op_items");
            out.begin_array();
            for (std::size_t r = check.begin; r < check.end; ++r) write_row(out, r);
            out.end_array();
            out.end_object();
        }
        out.end_object();
        out.finish();
    }

private:
    void write_row(py::JsonWriter& out, std::size_t r) const {
        const RowPair& pair = pairs_[r];
        const dump::DumpRow& n = npu_.rows[pair.npu];
        const dump::DumpRow* b = pair.bench == compare::kNoBench ? nullptr
                                                                  : &bench_.rows[static_cast<std::size_t>(pair.bench)];
        const auto& cells = result_.table.rows[r];
        out.begin_object();
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out.key(result_.table.header[c]);
            const auto [side, stat] = stat_of_column_[c];
            const dump::DumpRow* source = side == 0 ? &n : side == 1 ? b : nullptr;
            write_cell(out, cells[c], source ? &source->stats[stat] : nullptr);
        }
        if (stack_) {
            out.key("NPU_Stack_Info");
            // The frame list goes on the first row of each entry, as in the workbook.
            const bool first_of_entry = pair.npu == 0 || npu_.rows[pair.npu - 1].api_index != n.api_index;
            const dump::JsonView frames = first_of_entry ? stack_->find(npu_.api_names[n.api_index]) : dump::JsonView();
            if (frames) {
                copy_json_value(out, frames);
            } else {
                out.string("N/A");
            }
        }
        out.key("state");
        out.string(state_text(n.state));
        out.key("api_origin_name");
        out.string(result_.api_of(r));
        // msprobe copies these by row position; the matched rows' own values are the intended ones.
        out.key("NPU P2POp op");
        write_p2p(out, &n, false);
        out.key("Bench P2POp op");
        write_p2p(out, b, false);
        out.key("NPU P2POp peer");
        write_p2p(out, &n, true);
        out.key("Bench P2POp peer");
        write_p2p(out, b, true);
        out.end_object();
    }

    const dump::DumpFile& npu_;
    const dump::DumpFile& bench_;
    const std::vector<RowPair>& pairs_;
    const compare::ResultTable& result_;
    const StackFrames* stack_;
    std::vector<std::pair<int, std::size_t>> stat_of_column_;  // (0 npu / 1 bench / -1 none, statistic)
};

// April's table: rows joined on key and shape; real-data dumps judged by their
// statistics (no tensor file is read).
RankTable shape_joined_rank_table(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    RankTable table;
    table.pairs = compare::match_rows(npu, bench);
    table.result = compare::detect_mode(npu, bench) == compare::CompareMode::Md5
                       ? compare::md5_table(npu, bench, table.pairs, nullptr)
                       : compare::summary_table(npu, bench, table.pairs, nullptr);
    return table;
}

}  // namespace

bool write_rank_result(const RankDumpPair& dumps, const DiffCheckConfig& config, const fs::path& out,
                       RankTableStyle style, ThreadPool* pool) {
    ThreadPool caller_only(1);  // starts no thread
    const auto [npu, bench] = compare::read_dump_files(dumps.npu_json, dumps.bench_json, pool ? *pool : caller_only);
    if (npu.api_names.empty()) log::warning(fmt::format("No APIs found in {}.", npu.path));

    const RankTable table = style == RankTableStyle::OccurrenceKeyed ? occurrence_rank_table(npu, bench)
                                                                     : shape_joined_rank_table(npu, bench);
    const compare::ResultTable& result = table.result;
    if (result.table.rows.empty()) {
        log::warning("Can`t match any op. No compare result file generated.");
        return false;
    }
    const auto checks = check_apis(result, config, npu.path);
    std::optional<StackFrames> stack;
    if (dumps.stack_json) stack.emplace(*dumps.stack_json);
    RankResultWriter(npu, bench, table.pairs, result, stack ? &*stack : nullptr).write(checks, out);
    return true;
}

}  // namespace msprobe::first_diff
