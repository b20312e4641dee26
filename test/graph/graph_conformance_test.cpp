// Runs the graph command on every reproduced variant of
// shared/fixtures/expected_graph and compares each table with msprobe's own
// database, exported as its README describes.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "graph/graph_job.hpp"
#include "graph_run.hpp"
#include "report/csv_reader.hpp"
#include "support/current_path.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;
using msprobe::testing::DbRows;
using msprobe::testing::query_rows;

namespace {

struct Variant {
    const char* case_name;
    const char* variant;
    bool fuzzy = false;
    bool overflow_check = false;
    bool layer_mapping = false;
    // Stub variants keep only what differs from a sibling (SAME_AS.txt).
    const char* tables_from = nullptr;
    // August's graph_visualize: -tp, and -gp for a compare (no graph_input.json).
    const char* target = nullptr;
    const char* golden = nullptr;
};

const Variant kVariants[] = {
    {"transformer_statistics_mix_gelu", "build_npu"},
    {"transformer_statistics_mix_gelu", "build_npu_steps_layout", false, false, false, "build_npu"},
    {"transformer_statistics_mix_gelu", "compare"},
    {"transformer_statistics_mix_gelu", "compare_fuzzy", true, false, false, "compare"},
    {"transformer_statistics_mix_gelu", "compare_overflow", false, true, false, "compare"},
    {"transformer_tensor_mix_gelu", "compare"},
    {"cnn_statistics_L0_bf16", "build_npu"},
    {"cnn_statistics_L0_bf16", "compare"},
    {"graph_mlp_md5_mix_perturbed", "compare"},
    {"graph_naninf_statistics_mix", "build_npu"},
    {"graph_naninf_statistics_mix", "build_npu_overflow", false, true},
    {"graph_naninf_statistics_mix", "compare"},
    {"graph_naninf_statistics_mix", "compare_overflow", false, true},
    {"graph_naninf_statistics_mix", "compare_fuzzy", true},
    {"graph_naninf_statistics_mix", "compare_layer_mapping", false, false, true},
    {"graph_mlp_structure_mix", "compare"},
    {"constructed_module_backward_microsteps", "build_npu"},
    {"constructed_module_backward_microsteps", "build_npu_megatron"},
    {"constructed_module_backward_microsteps", "compare"},
    {"graph_dist_statistics_mix_2ranks_2steps", "build_steps"},
    {"graph_dist_statistics_mix_2ranks_2steps", "build_steps_overflow", false, true, false, "build_steps"},
    {"graph_dist_statistics_mix_2ranks_2steps", "compare_ranks_step0"},
    {"graph_dist_statistics_mix_2ranks_2steps", "compare_steps"},
    {"graph_dist_statistics_mix_2ranks_2steps", "build_parallel_merge_tp2"},
    {"graph_dist_statistics_mix_2ranks_2steps", "compare_parallel_merge_tp2_pp2"},
    {"graph_naninf_statistics_mix", "aug_build_npu_overflow", false, true, false, nullptr, "npu/step0/rank"},
    {"graph_naninf_statistics_mix", "aug_compare", false, false, false, nullptr, "npu/step0/rank", "bench/step0/rank"},
    {"graph_mlp_md5_mix_perturbed", "aug_compare", false, false, false, nullptr, "npu/step0/rank", "bench/step0/rank"},
    {"cnn_statistics_L0_bf16", "aug_compare", false, false, false, nullptr, "npu/step0/rank", "bench/step0/rank"},
    {"graph_dist_statistics_mix_2ranks_2steps", "aug_compare_ranks_step0", false, false, false, nullptr, "npu/step0",
     "bench/step0"},
};

using msprobe::testing::CurrentPath;

std::optional<double> number_of(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return value;
}

std::optional<nlohmann::ordered_json> json_of(const std::string& text) {
    if (text.empty() || (text.front() != '{' && text.front() != '[')) return std::nullopt;
    auto parsed = nlohmann::ordered_json::parse(text, nullptr, false);
    if (parsed.is_discarded()) return std::nullopt;
    return parsed;
}

// Numbers to 1e-6 relative, JSON as parsed JSON (key order included), else the text.
bool same_cell(const std::string& ours, const std::string& theirs) {
    if (ours == theirs) return true;
    const auto a = number_of(ours), b = number_of(theirs);
    if (a && b) return std::fabs(*a - *b) <= 1e-6 * std::max(std::fabs(*a), std::fabs(*b));
    const auto x = json_of(ours), y = json_of(theirs);
    return x && y && *x == *y;
}

void require_same_rows(const DbRows& ours, const DbRows& theirs, const std::string& table) {
    INFO(table);
    REQUIRE(ours.size() == theirs.size());
    REQUIRE(ours.front() == theirs.front());
    for (std::size_t r = 1; r < ours.size(); ++r) {
        REQUIRE(ours[r].size() == theirs[r].size());
        for (std::size_t c = 0; c < ours[r].size(); ++c) {
            INFO("row " << r << " (" << theirs[r][0] << "), column " << theirs[0][c]);
            CHECK(same_cell(ours[r][c], theirs[r][c]));
            if (!same_cell(ours[r][c], theirs[r][c])) CHECK(ours[r][c] == theirs[r][c]);
        }
    }
}

std::string schema_text(const fs::path& db) {
    std::string text;
    for (const auto& row : query_rows(db, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")) {
        if (row[0] == "sql") continue;
        text += row[0] + ";\n";
    }
    return text;
}

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs the variant's command from its dump folder; the database written.
fs::path run_variant(const fs::path& fixtures, const Variant& v, bool strict_compat) {
    const fs::path case_dir = fixtures / "expected_graph" / v.case_name;
    const fs::path input_dir =
        fs::is_directory(case_dir / "input") ? case_dir / "input" : fixtures / "dumps" / v.case_name;
    const fs::path out = msprobe::testing::scratch_dir(std::string("graph_") + v.case_name + "_" + v.variant);
    msprobe::graph::GraphOptions options;
    options.input = case_dir / v.variant / "graph_input.json";
    if (v.target != nullptr) {
        options.behaviour = msprobe::graph::graph_visualize_behaviour();
        options.input = v.target;
        options.run_input = msprobe::graph::RunInput{input_dir / v.target, std::nullopt, std::nullopt, std::nullopt};
        if (v.golden != nullptr) options.run_input->bench_path = input_dir / v.golden;
    }
    options.output_dir = out;
    options.fuzzy_match = v.fuzzy;
    options.overflow_check = v.overflow_check;
    options.layer_mapping = v.layer_mapping;
    options.strict_compat = strict_compat;
    {
        const CurrentPath cwd(input_dir);
        msprobe::testing::run_graph(options);
    }
    return msprobe::testing::only_database(out);
}

void check_variant(const fs::path& fixtures, const Variant& v) {
    const fs::path case_dir = fixtures / "expected_graph" / v.case_name;
    const fs::path variant_dir = case_dir / v.variant;
    const fs::path tables_dir = v.tables_from ? case_dir / v.tables_from : variant_dir;
    const std::string stem = fs::exists(tables_dir / "compare.schema.sql") ? "compare" : "build";
    // msprobe's own defects too: its tables byte for byte.
    const fs::path db = run_variant(fixtures, v, true);

    const auto csv = [&](const fs::path& dir, const char* table) {
        return msprobe::report::read_csv_records((dir / (stem + "." + table + ".csv")).string());
    };
    require_same_rows(query_rows(db, "SELECT * FROM tb_nodes ORDER BY step, rank, data_source = 'Bench', node_order"),
                      csv(tables_dir, "tb_nodes"), "tb_nodes");
    const fs::path config_dir = fs::exists(variant_dir / (stem + ".tb_config.csv")) ? variant_dir : tables_dir;
    require_same_rows(query_rows(db, "SELECT * FROM tb_config ORDER BY rowid"), csv(config_dir, "tb_config"),
                      "tb_config");
    // tb_stack: the same rows, in any order.
    const auto stack_rows = query_rows(db, "SELECT * FROM tb_stack");
    const auto expected_stack = csv(tables_dir, "tb_stack");
    CHECK(std::set(stack_rows.begin(), stack_rows.end()) == std::set(expected_stack.begin(), expected_stack.end()));
    // The index with its storage class, to 17 digits.
    const auto precision =
        query_rows(db,
                   "SELECT id, typeof(precision_index), CASE typeof(precision_index) WHEN 'real' THEN "
                   "printf('%!.17g', precision_index) ELSE precision_index END FROM tb_nodes "
                   "ORDER BY step, rank, data_source = 'Bench', node_order");
    const auto expected_precision = csv(tables_dir, "tb_nodes.precision_index");
    REQUIRE(precision.size() == expected_precision.size());
    for (std::size_t r = 1; r < precision.size(); ++r) {
        INFO(precision[r][0]);
        CHECK(precision[r][0] == expected_precision[r][0]);
        CHECK(precision[r][1] == expected_precision[r][1]);
        CHECK(same_cell(precision[r][2], expected_precision[r][2]));
    }
    CHECK(schema_text(db) == file_text(tables_dir / (stem + ".schema.sql")));
}

}  // namespace

TEST_CASE("graph --strict_compat writes msprobe's tables for every reproduced expected_graph variant", "[fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const Variant& v : kVariants) {
        DYNAMIC_SECTION(v.case_name << "/" << v.variant) { check_variant(*fixtures, v); }
    }
}

namespace {

// One cell of our tb_nodes row `id`.
std::string node_cell(const fs::path& db, const std::string& id, const std::string& column) {
    const auto rows = query_rows(db, "SELECT " + column + " FROM tb_nodes WHERE id = '" + id + "'");
    REQUIRE(rows.size() == 2);
    return rows[1][0];
}

nlohmann::json item_field(const fs::path& db, const std::string& id, const std::string& column, const std::string& item,
                          const std::string& field) {
    return nlohmann::json::parse(node_cell(db, id, column)).at(item).at(field);
}

}  // namespace

TEST_CASE("graph without --strict_compat corrects msprobe's defects on the fixtures", "[fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;

    SECTION("md5: every item reports its own digest comparison (compatibility row 154)") {
        const fs::path db = run_variant(*fixtures, {"graph_mlp_md5_mix_perturbed", "compare"}, false);
        const std::string fc2 = "NPU_0_0_Module.fc2.Linear.forward.0";
        // Both bias digests are 34d1cbf2, the weight and output digests differ.
        CHECK(item_field(db, fc2, "input_data", "Module.fc2.Linear.forward.0.parameters.bias", "Result") == "pass");
        CHECK(item_field(db, fc2, "input_data", "Module.fc2.Linear.forward.0.parameters.weight", "Result") ==
              "Different");
        CHECK(item_field(db, fc2, "output_data", "Module.fc2.Linear.forward.0.output.0", "Result") == "Different");
        CHECK(node_cell(db, fc2, "precision_index") == "0");
    }
    SECTION("real data: an API collection is as bad as its worst API (row 155)") {
        const fs::path db = run_variant(*fixtures, {"transformer_tensor_mix_gelu", "compare"}, false);
        const auto worst = query_rows(db,
                                      "SELECT max(precision_index) FROM tb_nodes WHERE data_source = 'NPU' AND "
                                      "up_node = 'Apis_Between_Modules.0'");
        REQUIRE(worst.size() == 2);
        CHECK(worst[1][0] == "0.1875");
        CHECK(node_cell(db, "NPU_0_0_Apis_Between_Modules.0", "precision_index") == "0.1875");
    }
    SECTION("broadcast with src= as keyword is linked across ranks (row 157)") {
        const fs::path db =
            run_variant(*fixtures, {"graph_dist_statistics_mix_2ranks_2steps", "compare_ranks_step0"}, false);
        CHECK(node_cell(db, "NPU_0_0_Distributed.broadcast.0.forward", "matched_distributed") ==
              R"({"communications_type": "send", "nodes_info": {"1": ["0", "Distributed.broadcast.0.forward"]}})");
        CHECK(node_cell(db, "NPU_0_1_Distributed.broadcast.0.forward", "matched_distributed") ==
              R"({"communications_type": "receive", "nodes_info": {"0": ["0", "Distributed.broadcast.0.forward"]}})");
    }
}
