// August's -fm, -cm and -dm on dump pairs written here: the pairing we intend,
// and msprobe's defects under --strict_compat.
#include <catch2/catch.hpp>

#include <map>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/verdict_rules.hpp"
#include "compare/verdict_table.hpp"
#include "report/csv_reader.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using msprobe::testing::SmallApi;
using msprobe::testing::SmallTask;

namespace {

std::string cell_text(const VerdictTable& t, std::size_t row, const char* header) {
    const int column = t.result.column(header);
    REQUIRE(column >= 0);
    const report::Cell& c = t.result.table.rows[row][static_cast<std::size_t>(column)];
    if (c.is_number()) return std::to_string(c.number());
    if (c.is_empty()) return "";
    return c.is_text() ? std::string(c.text()) : "<not text>";
}

std::vector<std::string> column_texts(const VerdictTable& t, const char* header) {
    std::vector<std::string> out;
    for (std::size_t r = 0; r < t.result.table.rows.size(); ++r) out.push_back(cell_text(t, r, header));
    return out;
}

struct DumpPair {
    fs::path npu, bench;
};

DumpPair write_pair(const std::string& name, const std::vector<SmallApi>& npu, const std::vector<SmallApi>& bench,
                    SmallTask task = SmallTask::Statistics) {
    const fs::path dir = testing::scratch_dir(name);
    return {testing::write_small_dump(dir / "npu", npu, task), testing::write_small_dump(dir / "bench", bench, task)};
}

VerdictTable compare_pair_of(const DumpPair& pair, const VerdictTableOptions& options) {
    ThreadPool pool(1);
    return compare_verdict_pair(pair.npu, pair.bench, pool, options);
}

VerdictTableOptions fuzzy(bool strict_compat) {
    VerdictTableOptions options;
    options.fuzzy_match = true;
    options.strict_compat = strict_compat;
    return options;
}

// relu and linear on both sides under other call numbers, the bench linear
// input of another length; gelu on the NPU side only.
DumpPair fuzzy_pair(const std::string& name, SmallTask task, bool with_gelu) {
    std::vector<SmallApi> npu = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}},
                                 {"Functional.linear.3.forward", {{1, 2, 3}}, {{4}}}};
    if (with_gelu) npu.push_back({"Functional.gelu.0.forward", {{1}}, {{1}}});
    const std::vector<SmallApi> bench = {{"Functional.relu.5.forward", {{1, 2}}, {{1, 2}}},
                                         {"Functional.linear.0.forward", {{1, 2}}, {{4}}}};
    return write_pair(name, npu, bench, task);
}

const std::vector<std::string> kFuzzyBenchNames = {
    "Functional.relu.5.forward.input.0", "Functional.relu.5.forward.output.0", "Functional.linear.0.forward.input.0",
    "Functional.linear.0.forward.output.0", "N/A", "N/A"};

}  // namespace

TEST_CASE("august -fm pairs statistics rows by name without call numbers and whatever their shapes") {
    const VerdictTable t =
        compare_pair_of(fuzzy_pair("august_fm_statistics", SmallTask::Statistics, true), fuzzy(false));
    CHECK(column_texts(t, "Bench Name") == kFuzzyBenchNames);
    // Paired: the bench statistics are there, and the shape rule flags the linear input.
    CHECK(cell_text(t, 0, "Bench max") == "2.000000");
    CHECK(cell_text(t, 0, "Result") == "pass");
    CHECK(cell_text(t, 2, "Bench Tensor Shape") == "[2]");
    CHECK(cell_text(t, 2, "Result") == "error");
    CHECK(cell_text(t, 2, "Err_message") == "[\"error: The shape of NPU and Bench are inconsistent.\"]");
    // The scan leaves gelu without partner: written unmatched, the run goes on.
    CHECK(cell_text(t, 4, "NPU Name") == "Functional.gelu.0.forward.input.0");
    CHECK(cell_text(t, 5, "NPU Name") == "Functional.gelu.0.forward.output.0");
}

TEST_CASE("august -fm --strict_compat: statistics pairs fall apart over msprobe's column shift") {
    const VerdictTable t = compare_pair_of(fuzzy_pair("august_fm_statistics_strict", SmallTask::Statistics, false),
                                  fuzzy(true));
    // The bench dtype is compared with the shifted shape text: no pair survives.
    CHECK(column_texts(t, "Bench Name") == std::vector<std::string>(4, "N/A"));
    CHECK(column_texts(t, "Bench max") == std::vector<std::string>(4, "N/A"));
}

TEST_CASE("august -fm --strict_compat: a row the scan leaves unmatched aborts the compare, naming the NPU dump") {
    const DumpPair pair = fuzzy_pair("august_fm_abort", SmallTask::Statistics, true);
    try {
        (void)compare_pair_of(pair, fuzzy(true));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == pair.npu.string());
        CHECK(e.reason() == "Length mismatch: Expected axis has 18 elements, new values have 20 elements");
    }
    // md5 rows as well. Real data does not abort, but loses the gelu output as
    // msprobe does: the bench side ran out before the scan read it.
    CHECK_THROWS_AS(compare_pair_of(fuzzy_pair("august_fm_abort_md5", SmallTask::Md5, true), fuzzy(true)), Error);
    const VerdictTable real = compare_pair_of(fuzzy_pair("august_fm_real", SmallTask::Tensor, true), fuzzy(true));
    CHECK(column_texts(real, "Bench Name") ==
          std::vector<std::string>(kFuzzyBenchNames.begin(), kFuzzyBenchNames.begin() + 5));
}

TEST_CASE("august -fm on md5 rows: equal digests pass, --strict_compat: shifted digests always differ") {
    const DumpPair pair = fuzzy_pair("august_fm_md5", SmallTask::Md5, false);
    const VerdictTable fixed = compare_pair_of(pair, fuzzy(false));
    CHECK(column_texts(fixed, "Bench Name") ==
          std::vector<std::string>(kFuzzyBenchNames.begin(), kFuzzyBenchNames.begin() + 4));
    CHECK(cell_text(fixed, 0, "NPU MD5") == cell_text(fixed, 0, "BENCH MD5"));
    // The linear inputs have different lengths, so different digests.
    CHECK(column_texts(fixed, "Result") == std::vector<std::string>{"pass", "pass", "error", "pass"});

    const VerdictTable strict = compare_pair_of(pair, fuzzy(true));
    CHECK(column_texts(strict, "NPU MD5") == std::vector<std::string>(4, ""));
    CHECK(column_texts(strict, "BENCH MD5") == std::vector<std::string>(4, ""));
    CHECK(column_texts(strict, "Result") == std::vector<std::string>(4, "error"));
    CHECK(cell_text(strict, 0, "Err_message") == std::string("[\"") + kCrcDiffersMessage + "\"]");
}

TEST_CASE("august -fm on real data compares the paired tensors") {
    const VerdictTable t = compare_pair_of(fuzzy_pair("august_fm_tensor", SmallTask::Tensor, true), fuzzy(false));
    CHECK(column_texts(t, "Bench Name") == kFuzzyBenchNames);
    CHECK(cell_text(t, 0, "Cosine") == "1.000000");
    CHECK(cell_text(t, 1, "MaxAbsErr") == "0.000000");
}

namespace {

// Two linear calls whose backwards run in reverse order, on both sides; each
// backward's gradient tells which call it belongs to.
DumpPair reversed_backwards_pair(const std::string& name) {
    const std::vector<SmallApi> apis = {{"Functional.linear.0.forward", {{1, 1}}, {{1}}},
                                        {"Functional.linear.1.forward", {{2, 2}}, {{2}}},
                                        {"Functional.linear.1.backward", {{20}}, {{20, 20}}},
                                        {"Functional.linear.0.backward", {{10}}, {{10, 10}}}};
    return write_pair(name, apis, apis);
}

std::vector<std::string> backward_bench_names(const VerdictTable& t) {
    std::vector<std::string> out;
    for (std::size_t r = 0; r < t.result.table.rows.size(); ++r) {
        if (cell_text(t, r, "NPU Name").find(".backward.") != std::string::npos) {
            out.push_back(cell_text(t, r, "NPU Name") + " ~ " + cell_text(t, r, "Bench Name"));
        }
    }
    return out;
}

const std::vector<std::string> kSameCalls = {
    "Functional.linear.1.backward.input.0 ~ Functional.linear.1.backward.input.0",
    "Functional.linear.1.backward.output.0 ~ Functional.linear.1.backward.output.0",
    "Functional.linear.0.backward.input.0 ~ Functional.linear.0.backward.input.0",
    "Functional.linear.0.backward.output.0 ~ Functional.linear.0.backward.output.0"};

// msprobe: the NPU key keeps the recorded number, the bench key is renumbered.
const std::vector<std::string> kCrossedCalls = {
    "Functional.linear.1.backward.input.0 ~ Functional.linear.0.backward.input.0",
    "Functional.linear.1.backward.output.0 ~ Functional.linear.0.backward.output.0",
    "Functional.linear.0.backward.input.0 ~ Functional.linear.1.backward.input.0",
    "Functional.linear.0.backward.output.0 ~ Functional.linear.1.backward.output.0"};

}  // namespace

TEST_CASE("august -cm on PyTorch dumps pairs backward rows as without it, --strict_compat crosses them") {
    const DumpPair pair = reversed_backwards_pair("august_cm_backward");
    CHECK(backward_bench_names(compare_pair_of(pair, VerdictTableOptions{})) == kSameCalls);
    VerdictTableOptions options;
    options.mapping.cell_mapping = "";
    const VerdictTable fixed = compare_pair_of(pair, options);
    CHECK(backward_bench_names(fixed) == kSameCalls);
    CHECK(cell_text(fixed, 4, "Max diff") == "0");
    options.strict_compat = true;
    const VerdictTable strict = compare_pair_of(pair, options);
    CHECK(backward_bench_names(strict) == kCrossedCalls);
    CHECK(cell_text(strict, 4, "Max diff") == "10.0");
}

TEST_CASE("august -dm on PyTorch dumps maps compare keys, --strict_compat crosses the backward rows") {
    const DumpPair pair = reversed_backwards_pair("august_dm_backward");
    // The first linear's forward input is compared with the second's.
    const fs::path yaml = testing::scratch_file(
        "august_dm_yaml", "data_mapping.yaml",
        "Functional.linear.0.forward.input.0: Functional.linear.1.forward.input.0\n");
    VerdictTableOptions options;
    options.mapping.data_mapping = yaml.string();
    const VerdictTable fixed = compare_pair_of(pair, options);
    CHECK(cell_text(fixed, 0, "Bench Name") == "Functional.linear.1.forward.input.0");
    CHECK(cell_text(fixed, 1, "Bench Name") == "Functional.linear.0.forward.output.0");
    CHECK(backward_bench_names(fixed) == kSameCalls);
    options.strict_compat = true;
    const VerdictTable strict = compare_pair_of(pair, options);
    CHECK(cell_text(strict, 0, "Bench Name") == "Functional.linear.1.forward.input.0");
    CHECK(backward_bench_names(strict) == kCrossedCalls);
}

TEST_CASE("august -cm keeps a PyTorch class named ...Cell, --strict_compat renames it as msprobe does") {
    const std::vector<SmallApi> apis = {{"Module.rnn.LSTMCell.forward.0", {{1, 2}}, {{3}}}};
    const DumpPair pair = write_pair("august_cm_lstm_cell", apis, apis);
    VerdictTableOptions options;
    options.mapping.cell_mapping = "";
    CHECK(column_texts(compare_pair_of(pair, options), "Bench Name") ==
          std::vector<std::string>{"Module.rnn.LSTMCell.forward.0.input.0", "Module.rnn.LSTMCell.forward.0.output.0"});
    // msprobe's key Module.rnn.LSTMModule... meets no bench row.
    options.strict_compat = true;
    CHECK(column_texts(compare_pair_of(pair, options), "Bench Name") == std::vector<std::string>(2, "N/A"));
}

TEST_CASE("august -lm leaves a PyTorch pair's table as it is") {
    const DumpPair pair = reversed_backwards_pair("august_lm_pytorch");
    VerdictTableOptions options;
    options.mapping.layer_mapping = "";
    const VerdictTable with = compare_pair_of(pair, options);
    const VerdictTable without = compare_pair_of(pair, VerdictTableOptions{});
    CHECK(column_texts(with, "Bench Name") == column_texts(without, "Bench Name"));
    CHECK(column_texts(with, "Result") == column_texts(without, "Result"));
}

namespace {

// NPU Name → Bench Name of the rows that found a partner.
std::map<std::string, std::string> paired_rows(const std::vector<std::string>& npu,
                                               const std::vector<std::string>& bench) {
    std::map<std::string, std::string> out;
    for (std::size_t r = 0; r < npu.size(); ++r) {
        if (bench[r] != "N/A") out.emplace(npu[r], bench[r]);
    }
    return out;
}

std::map<std::string, std::string> april_pairs(const fs::path& pairs_csv) {
    const auto records = report::read_csv_records(pairs_csv.string());
    std::vector<std::string> npu, bench;
    for (std::size_t r = 1; r < records.size(); ++r) {
        npu.push_back(records[r].at(0));
        bench.push_back(records[r].at(1));
    }
    return paired_rows(npu, bench);
}

}  // namespace

TEST_CASE("august table: MindSpore against PyTorch through April's -am, -cm, -dm and -lm", "[fixtures][mapping]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path root = *fixtures / "reference_samples" / "mapping_compare";
    const fs::path dumps = *fixtures / "reference_samples" / "layer_mapping" / "full";
    const DumpPair pair{dumps / "mindspore_data" / "dump.json", dumps / "pytorch_data" / "dump.json"};
    struct Variant {
        const char* expected;
        mapping::MappingOptions mapping;
    };
    const Variant variants[] = {
        {"am_builtin", {std::string(), {}, {}, {}}},
        {"am_user_yaml", {(root / "api_mapping_user.yaml").string(), {}, {}, {}}},
        {"cm_yaml", {{}, (root / "cell_mapping.yaml").string(), {}, {}}},
        {"dm_yaml", {{}, {}, (root / "data_mapping.yaml").string(), {}}},
        {"lm_default", {{}, {}, {}, std::string()}},
        {"lm_yaml", {{}, {}, {}, (dumps / "layer_mapping.yaml").string()}},
        {"lm_yaml_plus_dm_yaml",
         {{}, {}, (root / "data_mapping.yaml").string(), (dumps / "layer_mapping.yaml").string()}},
    };
    for (const auto& variant : variants) {
        INFO(variant.expected);
        for (const bool strict_compat : {false, true}) {
            VerdictTableOptions options;
            options.mapping = variant.mapping;
            options.strict_compat = strict_compat;
            const VerdictTable t = compare_pair_of(pair, options);
            const fs::path generated = root / "expected" / variant.expected / "data_mapping.yaml";
            if (fs::exists(generated)) {
                REQUIRE(t.result.generated_mapping_yaml);
                CHECK(*t.result.generated_mapping_yaml == testing::read_file_text(generated));
            }
            const auto august = paired_rows(column_texts(t, "NPU Name"), column_texts(t, "Bench Name"));
            // Every pair April's join made is made here too; August's join on the key
            // alone may pair more (rows whose shapes differ).
            for (const auto& [npu, bench] : april_pairs(root / "expected" / variant.expected / "pairs.csv")) {
                INFO(npu);
                REQUIRE(august.count(npu) == 1);
                CHECK(august.at(npu) == bench);
            }
        }
    }
}
