// `parse dump.json --api` on msprobe's own dumps (shared fixtures): argument
// lines with the stored statistics, the module chain, the call stack.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "parse/dump_entry_report.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::parse;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

EntryReport report(const std::filesystem::path& file, const std::string& api, bool json = false) {
    EntryReportOptions options;
    options.file = file;
    options.query.text = api;
    options.json = json;
    return report_entries(options);
}

}  // namespace

TEST_CASE("parse dump.json --api: an L1 tensor dump entry with its stack", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = *fixtures / "dumps/cnn_tensor_L1_perturbed/npu/step0/rank/dump.json";
    const EntryReport r = report(dump, "Functional.conv2d.0.forward");
    REQUIRE(r.found);
    const std::string& t = r.output;
    CHECK(t.rfind("Functional.conv2d.0.forward   (dump.json: task=tensor, level=L1, seq #0)\n", 0) == 0);
    CHECK(contains(t, "  input_args[0]   torch.Tensor  torch.float32  [4, 3, 8, 8]  max=3.097460985183716 "
                      "min=-2.7775628566741943 mean=-0.027036627754569054 norm=27.608631134033203 "
                      "requires_grad=False data=Functional.conv2d.0.forward.input.0.pt\n"));
    CHECK(contains(t, "  input_args[3][0]   int  1\n"));
    CHECK(contains(t, "  input_args[6]   int  1\n"));
    CHECK(contains(t, "  output[0]       torch.Tensor  torch.float32  [4, 8, 8, 8]  max=2.3746392726898193 "
                      "min=-2.030374526977539 mean=-0.013420059345662594 norm=23.21262550354004 requires_grad=True "
                      "data=Functional.conv2d.0.forward.output.0.pt\n"));
    CHECK_FALSE(contains(t, "input_kwargs"));
    CHECK_FALSE(contains(t, "Construct:"));  // construct.json is {} at L1
    // stack.json lists the frames innermost first; the trace prints them outermost first.
    CHECK(contains(t, "Trace back (innermost last):\n"
                      "  File /home/user/train/make_dumps.py, line 562, in <module>\n"
                      "    run_one_entry(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])\n"
                      "  File /home/user/train/make_dumps.py, line 368, in run_one_entry\n"
                      "    run_one(case, side, out_dir)\n"));
    const std::string last_frame =
          "  File /usr/local/lib/python3.11/site-packages/msprobe/core/data_dump/api_registry.py, line 96, in "
          "api_function\n    return api_instance(*args, **kwargs)\n";
    REQUIRE(t.size() > last_frame.size());
    CHECK(t.substr(t.size() - last_frame.size()) == last_frame);
}

TEST_CASE("parse dump.json --api: forward and backward of a name without direction", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = *fixtures / "dumps/cnn_tensor_L1_perturbed/npu/step0/rank/dump.json";
    const EntryReport r = report(dump, "Functional.conv2d.0");
    REQUIRE(r.found);
    CHECK(contains(r.output, "Functional.conv2d.0.forward   ("));
    CHECK(contains(r.output, "Functional.conv2d.0.backward   (dump.json: task=tensor, level=L1, seq #"));
    CHECK(contains(r.output, "  output[0]       None\n"));
    CHECK(contains(r.output, "  input[0]        torch.Tensor  torch.float32  [4, 8, 8, 8]  max=0.06838524341583252 "
                             "min=-0.08180954307317734 mean=3.637978807091713e-12 norm=0.5865736603736877"));
    // Prefix fallback: every conv2d entry.
    const EntryReport all = report(dump, "Functional.conv2d");
    CHECK(contains(all.output, "Functional.conv2d.1.forward   ("));
    CHECK(contains(all.output, "Functional.conv2d.0.backward   ("));
}

TEST_CASE("parse dump.json --api: module chain of a mix dump and float scalars", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = *fixtures / "dumps/transformer_statistics_mix_gelu/npu/step0/rank/dump.json";
    const EntryReport r = report(dump, "Functional.layer_norm.0.forward");
    REQUIRE(r.found);
    CHECK(contains(r.output, "(dump.json: task=statistics, level=mix, seq #0)\n"));
    CHECK(contains(r.output, "  input_args[4]   float  1e-05\n"));
    CHECK(contains(r.output, "  input_args[2]   torch.Tensor  torch.float32  [16]  max=1.0 min=1.0 mean=1.0 norm=4.0 "
                             "requires_grad=True\n"));
    CHECK(contains(r.output, "Construct: Module.0.Block.forward.0 > Module.0.ln1.LayerNorm.forward.0 > "
                             "Functional.layer_norm.0.forward\n"));
}

TEST_CASE("parse dump.json --api --format json parses back to the stored record", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = *fixtures / "dumps/transformer_statistics_mix_gelu/npu/step0/rank/dump.json";
    const EntryReport r = report(dump, "Functional.layer_norm.0.forward", true);
    REQUIRE(r.found);
    const auto json = nlohmann::json::parse(r.output);
    CHECK(json["api"] == "Functional.layer_norm.0.forward");
    CHECK(json["seq"] == 0);
    CHECK(json["entry"]["input_args"][0]["Max"].get<double>() == 3.097460985183716);
    CHECK(json["entry"]["input_args"][1][0]["value"] == 16);
    CHECK(json["construct"].size() == 3);
    REQUIRE(json["stack"].size() == 10);
    CHECK(json["stack"][9] ==
          "File /home/user/train/make_dumps.py, line 562, in <module>, \n run_one_entry(sys.argv[2], "
          "sys.argv[3], sys.argv[4], sys.argv[5])");
    // Several matches give an array.
    const auto both = nlohmann::json::parse(report(dump, "Functional.layer_norm", true).output);
    REQUIRE(both.is_array());
    CHECK(both.size() >= 2);
}

TEST_CASE("parse stack.json --api and an API that is not there", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto rank = *fixtures / "dumps/cnn_tensor_L1_perturbed/npu/step0/rank";
    const EntryReport r = report(rank / "stack.json", "Functional.conv2d.1.forward");
    REQUIRE(r.found);
    CHECK(r.output.rfind("Functional.conv2d.1.forward   (stack.json: stack #", 0) == 0);
    CHECK(contains(r.output, "Trace back (innermost last):\n  File /home/user/train/make_dumps.py, line 562"));
    CHECK_FALSE(contains(r.output, "torch.Tensor"));

    const EntryReport missing = report(rank / "dump.json", "Functional.conv3d.0.forward");
    CHECK_FALSE(missing.found);
    CHECK(missing.not_found_message.rfind("API Functional.conv3d.0.forward not found in ", 0) == 0);
    CHECK(contains(missing.not_found_message, "(closest: Functional.conv2d.0.forward"));
}

TEST_CASE("parse dump.json --exact does not fall back", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    EntryReportOptions options;
    options.file = *fixtures / "dumps/cnn_tensor_L1_perturbed/npu/step0/rank/dump.json";
    options.query = {"Functional.conv2d.0", false, true};
    CHECK_FALSE(report_entries(options).found);
}
