// compare -m offline_data through the built binary: a converted model's dumps
// (support/offline_model_dump.hpp) compared through their fusion rule, and the
// inputs it refuses (one line naming the file, exit 1, nothing written).
#include <catch2/catch.hpp>

#include <algorithm>

#include "msprobe_process.hpp"
#include "support/file_text.hpp"
#include "support/offline_model_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

std::size_t lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("offline_data: a converted model compared through its fusion rule", "[cli]") {
    const auto dir = scratch_dir("cli_offline_data");
    const auto tree = write_offline_model(dir / "model", {});
    const auto r = run_msprobe({"compare", "-m", "offline_data", "-tp", tree.npu.string(), "-gp", tree.golden.string(),
                                "-fr", tree.fusion_rule.string(), "-o", "out"},
                               dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const fs::path result = output_named(dir / "out", "result_");
    REQUIRE_FALSE(result.empty());
    CHECK(result.filename().string().size() == std::string("result_20261129111407.csv").size());
    const std::string text = read_file_text(result);
    CHECK(text.find("5,BiasAdd,block0_bias_add,float32,0,block0/bias_add,float32,block0_bias_add:output:0,[660],") !=
          std::string::npos);
    CHECK((r.out + r.err).find("The comparison result have been written to") != std::string::npos);

    // Long spellings, and -o given without a value: ./output.
    const auto long_form =
        run_msprobe({"compare", "--mode", "offline_data", "--target_path", tree.npu.string(), "--golden_path",
                     tree.golden.string(), "--fusion_rule_file", tree.fusion_rule.string(), "-o"},
                    dir);
    CHECK(long_form.exit_code == 0);
    CHECK_FALSE(output_named(dir / "output", "result_").empty());
}

TEST_CASE("offline_data: bad input gets one line naming the file, exit 1, nothing written", "[cli]") {
    const auto dir = scratch_dir("cli_offline_data_refusals");
    const auto tree = write_offline_model(dir / "model", {});
    const auto refused = [&](std::vector<std::string> more, const std::string& message) {
        std::vector<std::string> args = {
            "compare", "-m", "offline_data", "-tp", tree.npu.string(), "-gp", tree.golden.string(), "-o", "out"};
        args.insert(args.end(), more.begin(), more.end());
        const auto r = run_msprobe(args, dir);
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find(message) != std::string::npos);
        CHECK(lines(r.err) == 1);
        CHECK_FALSE(fs::exists(dir / "out"));
    };
    refused({}, "the -fr parameter is required.");
    refused({"-fr", tree.fusion_rule.string(), "-qfr", tree.fusion_rule.string()},
            "there is no need to enter the -qfr parameter.");
    write_file(dir / "bad_rule.json", R"({"graph": [{"op": {}}]})");
    refused({"-fr", (dir / "bad_rule.json").string()},
            "bad_rule.json: The content of the json file is invalid. The "
            "\"op\" element is not an array.");
    write_file(dir / "other_rule.json", R"({"graph": [{"op": [{"name": "x", "type": "Add"}]}]})");
    refused({"-fr", (dir / "other_rule.json").string()}, "The model does not match the dump data");
    refused({"-fr", tree.fusion_rule.string(), "--xlsx"}, "Invalid argument '--xlsx' for mode 'offline_data'");
    refused({"-fr", tree.fusion_rule.string(), "--fail-on", "error"},
            "--fail-on: compare -m offline_data writes no Result column");

    fs::path victim;
    for (const auto& e : fs::directory_iterator(tree.npu)) {
        if (e.path().filename().string().rfind("Conv2D.", 0) == 0) victim = e.path();
    }
    const std::string bytes = read_file_text(victim);
    write_file(victim, bytes.substr(0, bytes.size() - 7));
    refused({"-fr", tree.fusion_rule.string()}, victim.filename().string() + ": E_TRUNCATED");

    // --strict_compat: msprobe's exit 0 and msaccucmp's rows.
    const auto strict =
        run_msprobe({"compare", "-m", "offline_data", "-tp", tree.npu.string(), "-gp", tree.golden.string(), "-fr",
                     tree.fusion_rule.string(), "-o", "strict", "--strict_compat"},
                    dir);
    CHECK(strict.exit_code == 0);
    CHECK(read_file_text(output_named(dir / "strict", "result_"))
              .find("There is no dump file for my output operator \"\"block0_conv_relu\"\"") != std::string::npos);
}

TEST_CASE("offline_model, offline_dump and install_deps need an NPU and say so", "[cli]") {
    const auto dir = scratch_dir("cli_offline_model");
    const auto r = run_msprobe({"compare", "-m", "offline_model", "-tp", "a", "-gp", "b"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("runs the model on an NPU") != std::string::npos);
    const auto dump = run_msprobe({"offline_dump", "--model", "m.om"}, dir);
    CHECK(dump.exit_code == 2);
    CHECK(dump.err.find("it runs the model on an NPU through the CANN runtime") != std::string::npos);
    const auto deps = run_msprobe({"install_deps", "-m", "offline"}, dir);
    CHECK(deps.exit_code == 2);
    CHECK(deps.err.find("the Python packages of offline_dump and `compare -m offline_model`") != std::string::npos);
}
