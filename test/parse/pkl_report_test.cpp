// ptdbg's parse(pkl, prefix) (spec parse.md §1.3) and the .pkl line reader.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "dump/ptdbg_pkl.hpp"
#include "parse/pkl_report.hpp"

using namespace msprobe;

namespace {

// The demo.pkl of spec §1.3, blank line included.
const char* const kDemoPkl =
    R"PKL(["Functional_conv2d_0_forward_stack_info", [["/home/u/train.py", "88", "forward", "x = F.conv2d(x, self.w, self.b)"], ["/usr/lib/torch/nn/module.py", "1190", "_call_impl", "return forward_call(*input, **kwargs)"], ["/home/u/train.py", "120", "step", "out = model(batch)"], ["/home/u/train.py", "200", "main", "step()"], ["/home/u/train.py", "210", "<module>", "main()"]]]
["Functional_conv2d_0_forward_input.0", 1, [], "torch.float32", [2, 1, 2, 2], [1.576936960220337, -0.9757485389709473, 0.4961632490158081]]
["Functional_conv2d_0_forward_input.1", 1, [], "torch.float32", [2, 1, 2, 2], [0.20064473152160645, -0.47102075815100806, -0.20796933770179749]]

["Functional_conv2d_0_forward_output", 1, [], "torch.float32", [2, 2, 1, 1], [0.02364911139011383, -1.762906551361084, -0.6710853576660156]]
["Functional_relu_1_forward_input.0", 1, [], "torch.float32", [2, 2, 1, 1], [0.02364911139011383, -1.762906551361084, -0.6710853576660156]]
)PKL";

const char* const kDemoOutput = R"OUT(
Trace back(Functional_conv2d_0_forward_stack_info):
  File "/home/u/train.py", line 210, in <module>
    main()
  File "/home/u/train.py", line 200, in main
    step()
  File "/home/u/train.py", line 120, in step
    out = model(batch)
  File "/usr/lib/torch/nn/module.py", line 1190, in _call_impl
    return forward_call(*input, **kwargs)
  File "/home/u/train.py", line 88, in forward
    x = F.conv2d(x, self.w, self.b)

Statistic Info:
  [Functional_conv2d_0_forward_input.0][dtype: torch.float32][shape: [2, 1, 2, 2]][max: 1.576936960220337][min: -0.9757485389709473][mean: 0.4961632490158081]
  [Functional_conv2d_0_forward_input.1][dtype: torch.float32][shape: [2, 1, 2, 2]][max: 0.20064473152160645][min: -0.4710207581510081][mean: -0.20796933770179749]
  [Functional_conv2d_0_forward_output][dtype: torch.float32][shape: [2, 2, 1, 1]][max: 0.02364911139011383][min: -1.762906551361084][mean: -0.6710853576660156]
)OUT";

}  // namespace

TEST_CASE("pkl reader: records, kinds, blank lines skipped", "[parse][pkl]") {
    const auto records = dump::parse_ptdbg_pkl(kDemoPkl, "demo.pkl");
    REQUIRE(records.size() == 5);
    CHECK(records[0].kind == dump::PtdbgRecord::Kind::Stack);
    REQUIRE(records[0].frames.size() == 5);
    CHECK(records[0].frames[0].line == "88");
    CHECK(records[0].frames[4].function == "<module>");
    CHECK(records[1].kind == dump::PtdbgRecord::Kind::Data);
    CHECK(records[1].shape == "[2, 1, 2, 2]");
    CHECK(records[3].line_number == 5);
    CHECK(records[3].summary_numbers.at(1) == -1.762906551361084);
}

TEST_CASE("pkl reader: scalar, bool and overflow variants of formats.md 12.3", "[parse][pkl]") {
    const auto records = dump::parse_ptdbg_pkl(
        R"PKL(["Torch_add_3_forward_input.1", 1, [], "<class 'float'>", "[]", [2.0, 2.0, 2.0, 2.0]]
["Tensor_eq_0_forward_output", 1, [], "torch.bool", [4], [[], [], [], "Nan"]]
["Torch_add_3_forward_stack_info", [["/home/u/train.py", "42", "forward", null]]]
["Functional_relu_0_forward_input.0", 101, "7c1f0a9e", "torch.float16", [8, 4], [3.5, -2.0, NaN, Infinity]])PKL",
        "x.pkl");
    REQUIRE(records.size() == 4);
    CHECK(records[0].shape == "[]");
    CHECK(records[0].summary == std::vector<std::string>{"2.0", "2.0", "2.0", "2.0"});
    CHECK(records[1].summary == std::vector<std::string>{"[]", "[]", "[]", "Nan"});
    CHECK_FALSE(records[1].summary_numbers[0].has_value());
    CHECK(records[2].frames.at(0).code == "None");
    CHECK(records[3].step == "101");
    CHECK(records[3].summary[2] == "nan");
    CHECK(records[3].summary[3] == "inf");
}

TEST_CASE("pkl reader: a malformed line names its line", "[parse][pkl]") {
    try {
        dump::parse_ptdbg_pkl("[\"a_0_forward_input.0\", 1]\n\n[\"broken\", \n", "bad.pkl");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == "bad.pkl");
        CHECK(std::string(e.reason()).rfind("line 3: malformed JSON", 0) == 0);
        CHECK(e.exit_code() == kExitBadInput);
    }
    CHECK_THROWS_AS(dump::parse_ptdbg_pkl("{\"a\": 1}\n", "obj.pkl"), Error);
}

TEST_CASE("spec 1.3: parse(demo.pkl, Functional_conv2d_0) prints ptdbg's text", "[parse][pkl]") {
    const auto records = dump::parse_ptdbg_pkl(kDemoPkl, "demo.pkl");
    const auto selected = parse::select_pkl_records(records, "Functional_conv2d_0");
    CHECK(selected.size() == 4);
    CHECK(parse::pkl_text(selected, "demo.pkl") == kDemoOutput);
    // The interactive pk prints only stacks of more than 4 frames: this one has 5.
    CHECK(parse::pkl_text(selected, "demo.pkl", 5) == kDemoOutput);
    CHECK(parse::pkl_text(selected, "demo.pkl", 6).rfind("\nStatistic Info:\n", 0) == 0);
}

TEST_CASE("pkl json: stacks and statistics as data", "[parse][pkl]") {
    const auto records = dump::parse_ptdbg_pkl(kDemoPkl, "demo.pkl");
    const auto json = nlohmann::json::parse(parse::pkl_json(parse::select_pkl_records(records, "Functional_conv2d_0"),
                                                            "Functional_conv2d_0", "demo.pkl"));
    REQUIRE(json["stacks"].size() == 1);
    CHECK(json["stacks"][0]["frames"].size() == 5);
    CHECK(json["stacks"][0]["frames"][0]["line"] == "88");
    REQUIRE(json["statistics"].size() == 3);
    CHECK(json["statistics"][1]["min"].get<double>() == -0.47102075815100806);
    CHECK(json["statistics"][2]["shape"] == "[2, 2, 1, 1]");
}
