// nan_analyze's job: the ranks of a step directory, the construct chain and
// stack frames of an entry, and the run over a small step made here.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "support/file_text.hpp"
#include "support/json_document.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::first_diff;

namespace {

rapidjson::Document parse(const char* text) { return testing::json_document(text); }

}  // namespace

TEST_CASE("nan_analyze: construct chains and stack lookup", "[first_diff][nan_analyze]") {
    const auto construct = parse(R"({"Torch.operator.1.forward": "Module.module.test_model.forward.0",
                                     "Module.module.test_model.forward.0": ["Module.module.parent_model.forward.0", 0],
                                     "Module.module.parent_model.forward.0": "Module.module.root_model.forward.0",
                                     "Module.module.root_model.forward.0": null})");
    const auto chain = construct_chain(dump::ConstructParents::of(construct), "Torch.operator.1.forward");
    REQUIRE(chain.size() == 4);
    CHECK(chain.front() == "Module.module.root_model.forward.0");
    CHECK(chain.back() == "Torch.operator.1.forward");
    const auto looped = parse(R"({"a.0.forward": "b", "b": "a.0.forward"})");
    CHECK(construct_chain(dump::ConstructParents::of(looped), "a.0.forward") ==
          std::vector<std::string>{"b", "a.0.forward"});

    const auto stack = parse(
        R"J({"0": [["Torch.operator.1.forward"], ["File /root/example.py, line 10, in test_fcn, \\n test(tensor)"]]})J");
    const auto frames = find_stack_frames(stack, "Torch.operator.1.forward", "stack.json");
    REQUIRE(frames);
    CHECK(std::string(frames.item(0).text()) == "File /root/example.py, line 10, in test_fcn, \\n test(tensor)");
    CHECK_FALSE(find_stack_frames(stack, "Torch.operator.2.forward", "stack.json"));
    CHECK_THROWS_AS(find_stack_frames(parse(R"({"0": "not a list"})"), "x", "stack.json"), Error);
}

TEST_CASE("nan_rank_dirs: rank, rankN and the letters of 'rank' around digits, ascending",
          "[first_diff][nan_analyze]") {
    const fs::path step = testing::scratch_dir("nan_analyze_job_ranks");
    for (const char* name : {"rank10", "rank2", "rank", "rank_3", "ranking", "proc1", "rank1k"})
        fs::create_directories(step / name);
    const auto ranks = nan_rank_dirs(step);
    REQUIRE(ranks.size() == 4);
    CHECK(ranks[0] == std::pair<std::int64_t, fs::path>{0, step / "rank"});
    CHECK(ranks[1] == std::pair<std::int64_t, fs::path>{1, step / "rank1k"});
    CHECK(ranks[2].first == 2);
    CHECK(ranks[3].first == 10);
    CHECK_THROWS_AS(nan_rank_dirs(step / "missing"), Error);
}

TEST_CASE("run_nan_analyze: a step without ranks, or a rank missing a file, writes nothing",
          "[first_diff][nan_analyze]") {
    const fs::path dir = testing::scratch_dir("nan_analyze_job_refusals");
    fs::create_directories(dir / "step0" / "other");
    NanAnalyzeOptions options;
    options.input_dir = dir / "step0";
    options.output_dir = dir / "out";
    CHECK_THROWS_AS(run_nan_analyze(options), Error);
    testing::write_file(dir / "step0" / "rank0" / "dump.json", R"({"task": "statistics", "data": {}})");
    testing::write_file(dir / "step0" / "rank0" / "construct.json", "{}");
    CHECK_THROWS_WITH(run_nan_analyze(options), Catch::Contains("stack.json"));
    CHECK((!fs::exists(dir / "out") || fs::is_empty(dir / "out")));

    // Every file there and nothing anomalous: no analysis file.
    testing::write_file(dir / "step0" / "rank0" / "stack.json", "{}");
    CHECK_FALSE(run_nan_analyze(options).written.has_value());
    CHECK((!fs::exists(dir / "out") || fs::is_empty(dir / "out")));
}
