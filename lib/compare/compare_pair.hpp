#pragma once
// Compares one NPU dump file with one bench dump file into a result table.
#include <filesystem>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "compare/compare_options.hpp"
#include "compare/matcher.hpp"
#include "compare/pair_rows.hpp"
#include "compare/result_table.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"

namespace msprobe::compare {

struct PairInput {
    std::filesystem::path npu_json;
    std::filesystem::path bench_json;
    std::optional<std::filesystem::path> stack_json;  // set when the stack column is wanted
    std::filesystem::path stack_json_for_summary;     // the NPU stack.json if any, column or not
};

// Both dumps read and their rows paired: everything a result's rows are made
// from, so they can be made all at once or a range at a time.
struct MatchedPair {
    dump::DumpFile npu;
    dump::DumpFile bench;
    CompareMode mode = CompareMode::Summary;
    std::vector<RowPair> pairs;  // one per result row, in NPU order
    std::shared_ptr<const dump::StackFile> stack;  // the stack.json read for the stack column, if any
    std::optional<std::string> generated_mapping_yaml;
    bool shifted_fuzzy = false;  // --strict_compat's fuzzy record shift (fuzzy_compat.hpp)
};

MatchedPair match_pair(const PairInput& input, const CompareOptions& options, ThreadPool& pool);

// The result rows of pairs [begin, end), with no stack or generated mapping attached.
ResultTable result_rows(const MatchedPair& matched, std::size_t begin, std::size_t end, const CompareOptions& options,
                        ThreadPool& pool);

// A MatchedPair's rows, a range at a time.
class HeldPairRows final : public PairRows {
public:
    explicit HeldPairRows(const MatchedPair& matched) : matched_(matched) {}

    std::size_t size() const override { return matched_.pairs.size(); }
    std::size_t chunk_end(std::size_t begin, std::size_t min_rows) override;
    ResultTable rows(std::size_t begin, std::size_t end, std::any, const CompareOptions& options,
                     ThreadPool& pool) override {
        return result_rows(matched_, begin, end, options, pool);
    }
    const std::shared_ptr<const dump::StackFile>& stack() const override { return matched_.stack; }

private:
    const MatchedPair& matched_;
};

// match_pair, then every row.
ResultTable compare_pair(const PairInput& input, const CompareOptions& options, ThreadPool& pool);

}  // namespace msprobe::compare
