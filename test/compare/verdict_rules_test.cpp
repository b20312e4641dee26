// August msprobe's Result / Err_message rules, each on rows made here.
#include <catch2/catch.hpp>

#include <map>

#include "compare/verdict_rules.hpp"

using namespace msprobe::compare;
using msprobe::report::Cell;
using Level = RowLevel;

namespace {

using RowCells = std::map<std::string, Cell>;

const std::vector<std::string> kHeaders = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Cosine", "One Thousandth Err Ratio", "NormRelativeErr", "NPU max",
    "NPU min", "Bench max", "Bench min", "NPU MD5", "BENCH MD5", "Result", "Err_message"};

// A matched float32 row of entry `api` (a forward with its input/output part in `name`), overridden by `cells`.
RowCells row(const std::string& name, RowCells cells = {}) {
    RowCells r = {{"NPU Name", name}, {"Bench Name", name}, {"NPU Dtype", "torch.float32"},
                  {"Bench Dtype", "torch.float32"}, {"NPU Tensor Shape", "[2]"}, {"Bench Tensor Shape", "[2]"},
                  {"NPU Requires_grad", "False"}, {"Bench Requires_grad", "False"}, {"NPU max", 1.0},
                  {"NPU min", 0.0}, {"Bench max", 1.0}, {"Bench min", 0.0}};
    for (auto& [k, v] : cells) r[k] = v;
    return r;
}

// Rows grouped into entries by the entry part of their NPU Name (up to ".forward").
ResultTable table_of(CompareMode mode, const std::vector<RowCells>& rows) {
    ResultTable t;
    t.mode = mode;
    t.table.header = kHeaders;
    std::vector<std::string> apis;
    for (const auto& r : rows) {
        const std::string name(r.at("NPU Name").text());
        const std::string api = name.substr(0, name.find(".forward") + 8);
        if (apis.empty() || apis.back() != api) apis.push_back(api);
        t.api_index.push_back(static_cast<std::uint32_t>(apis.size() - 1));
        auto& cells = t.table.rows.emplace_back();
        for (const auto& h : kHeaders) cells.push_back(r.count(h) ? r.at(h) : Cell());
    }
    t.set_api_names(std::move(apis));
    return t;
}

std::vector<RuleVerdict> judge(CompareMode mode, const std::vector<RowCells>& rows, bool strict = false) {
    VerdictRuleOptions options;
    options.strict_compat = strict;
    return rule_verdicts(table_of(mode, rows), options);
}

const std::string kIn = "Functional.linear.0.forward.input.0";
const std::string kOut = "Functional.linear.0.forward.output.0";

}  // namespace

TEST_CASE("august rules: a clean entry passes with no message") {
    const auto v = judge(CompareMode::Summary, {row(kIn), row(kOut)});
    CHECK(v[0].level() == Level::Pass);
    CHECK(v[1].reasons().empty());
    CHECK(messages_json({}) == "[]");
    CHECK(messages_json({"a", "b"}) == R"(["a", "b"])");
}

TEST_CASE("august rule A1: nan/inf in the NPU max or min when the bench has none") {
    const auto v = judge(CompareMode::Summary,
                         {row(kIn, {{"NPU max", "Nan"}}), row(kOut, {{"NPU min", " -INF "}, {"Bench max", "inf"}})});
    CHECK(v[0].level() == Level::Error);
    CHECK(v[0].reasons() == std::vector<std::string>{
                               "error: There is nan/inf/-inf in the maximum or minimum value of NPU."});
    CHECK(v[1].reasons().empty());  // the bench holds inf too
}

TEST_CASE("august rule I1: input ratios above 0.9, output below the threshold") {
    const std::vector<RowCells> rows = {row(kIn, {{"One Thousandth Err Ratio", 0.95}}),
                                        row(kOut, {{"One Thousandth Err Ratio", 0.3}})};
    const std::string message = "error: The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6.";
    // msprobe's threshold is 0.1 although its message says 0.6.
    CHECK(judge(CompareMode::All, rows, true)[1].reasons().empty());
    const auto fixed = judge(CompareMode::All, rows, false);
    CHECK(fixed[1].level() == Level::Error);
    CHECK(fixed[1].reasons() == std::vector<std::string>{message});
    CHECK(judge(CompareMode::All, {row(kIn, {{"One Thousandth Err Ratio", 0.95}}),
                                   row(kOut, {{"One Thousandth Err Ratio", 0.05}})},
                true)[1]
              .reasons() == std::vector<std::string>{message});
    // No usable input value keeps the start value 1.0.
    CHECK(judge(CompareMode::All, {row(kIn, {{"One Thousandth Err Ratio", "unsupported"}}),
                                   row(kOut, {{"One Thousandth Err Ratio", 0.05}})},
                true)[1]
              .level() == Level::Error);
}

TEST_CASE("august rule A2: requires_grad texts differ on a matched row") {
    const auto v = judge(CompareMode::Summary,
                         {row(kIn, {{"Bench Requires_grad", "N/A"}}), row(kOut, {{"NPU Requires_grad", ""}})});
    CHECK(v[0].reasons() == std::vector<std::string>{"error: The Required_Grad of NPU and Bench are inconsistent"});
    CHECK(v[1].reasons().empty());  // an empty cell is not compared
}

TEST_CASE("august rule I2: scalar parameters that differ") {
    const RowCells scalar = {{"NPU Dtype", "<class 'str'>"}, {"Bench Dtype", "<class 'str'>"},
                             {"NPU Tensor Shape", "[]"}, {"Bench Tensor Shape", "[]"}, {"NPU max", "tanh"},
                             {"Bench max", "none"}};
    const auto v = judge(CompareMode::Summary, {row(kIn, scalar), row(kOut)});
    CHECK(v[0].reasons() ==
          std::vector<std::string>{"error: The scalar parameters of NPU and Bench are inconsistent."});
    RowCells same = scalar;
    same["NPU max"] = Cell::boolean(true);
    same["Bench max"] = 1.0;  // True == 1 in Python
    CHECK(judge(CompareMode::Summary, {row(kIn, same)})[0].reasons().empty());
}

TEST_CASE("august rules A3 and A4: dtype and shape differ, in that order") {
    const auto v = judge(CompareMode::Summary,
                         {row(kIn), row(kOut, {{"NPU Dtype", "torch.bfloat16"}, {"Bench Tensor Shape", "[4]"}})});
    CHECK(v[1].reasons() == std::vector<std::string>{"error: The dtype of NPU and Bench are inconsistent.",
                                                    "error: The shape of NPU and Bench are inconsistent."});
    // A bench name with qkv or gate_up is spared the dtype rule.
    const std::string qkv = "Module.qkv.Linear.forward.0.output.0";
    CHECK(judge(CompareMode::Summary, {row(qkv, {{"NPU Dtype", "torch.bfloat16"}})})[0].reasons().empty());
    // An unmatched row is judged by neither.
    const RowCells unmatched = {{"Bench Name", "N/A"}, {"Bench Dtype", "N/A"}};
    CHECK(judge(CompareMode::Summary, {row(kOut, unmatched)})[0].reasons().empty());
}

TEST_CASE("august rule I3: the cosine drops from input to output") {
    const auto v = judge(CompareMode::All, {row(kIn, {{"Cosine", 0.99}}), row(kOut, {{"Cosine", 0.85}})});
    CHECK(v[1].level() == Level::Warning);
    CHECK(v[1].reasons() == std::vector<std::string>{
                               "warning: The input/parameters of Cosine > 0.9, and input/parameters - output > 0.1"});
    CHECK(judge(CompareMode::All, {row(kIn, {{"Cosine", 0.99}}), row(kOut, {{"Cosine", 0.95}})})[1].reasons().empty());
}

TEST_CASE("august rule I4: an output norm error above 50% while the inputs are close") {
    const auto v = judge(CompareMode::Summary,
                         {row(kIn, {{"NormRelativeErr", "5.0%"}}), row(kOut, {{"NormRelativeErr", "60.0%"}}),
                          row("Functional.linear.0.forward.output.1", {{"NormRelativeErr", "inf"}})});
    CHECK(v[1].reasons().front() == "error: The NormRelativeErr of output is greater than 0.5.");
    CHECK(v[2].reasons() == std::vector<std::string>{"error: The NormRelativeErr of output is greater than 0.5."});
    // Inputs at 10% or more switch the rule off.
    CHECK(judge(CompareMode::Summary, {row(kIn, {{"NormRelativeErr", "10.0%"}}),
                                       row(kOut, {{"NormRelativeErr", "60.0%"}})})[1]
              .level() == Level::Pass);
}

TEST_CASE("august rule I5: the output norm error ten times the input's") {
    const std::string message = "warning: The norm relative error of output is 10 times that of input.";
    CHECK(judge(CompareMode::Summary, {row(kIn, {{"NormRelativeErr", "1.0%"}}),
                                       row(kOut, {{"NormRelativeErr", "11.0%"}})})[1]
              .reasons() == std::vector<std::string>{message});
    CHECK(judge(CompareMode::Summary, {row(kIn, {{"NormRelativeErr", "0"}}),
                                       row(kOut, {{"NormRelativeErr", "20.0%"}})})[1]
              .level() == Level::Warning);
    CHECK(judge(CompareMode::Summary, {row(kIn, {{"NormRelativeErr", "2.0%"}}),
                                       row(kOut, {{"NormRelativeErr", "11.0%"}})})[1]
              .reasons().empty());
}

TEST_CASE("august rule A5: digests differ, or one side has none") {
    const auto v = judge(CompareMode::Md5, {row(kIn, {{"NPU MD5", "1a2b3c4d"}, {"BENCH MD5", "1a2b3c4d"}}),
                                            row(kOut, {{"NPU MD5", "1a2b3c4d"}, {"BENCH MD5", "deadbeef"}}),
                                            row("Functional.linear.0.forward.output.1",
                                                {{"NPU MD5", "1a2b3c4d"}, {"BENCH MD5", "N/A"}})});
    CHECK(v[0].level() == Level::Pass);
    CHECK(v[1].reasons() == std::vector<std::string>{"error: The CRC-32 value of NPU differs from that of the bench."});
    CHECK(v[2].level() == Level::Warning);
    CHECK(v[2].reasons() == std::vector<std::string>{"warning: The parameter of NPU does not match the bench."});
}

TEST_CASE("august rules skip ignored APIs and judge only the outputs of collective ones") {
    const RowCells bad = {{"NPU Dtype", "torch.bfloat16"}};
    CHECK(judge(CompareMode::Summary, {row("Tensor.to.0.forward.input.0", bad),
                                       row("Tensor.to.0.forward.output.0", bad)})[1]
              .level() == Level::Pass);
    const auto v = judge(CompareMode::Summary, {row("Distributed.all_to_all_single.0.forward.input.0", bad),
                                                row("Distributed.all_to_all_single.0.forward.output.0", bad)});
    CHECK(v[0].level() == Level::Pass);
    CHECK(v[1].level() == Level::Error);
}

TEST_CASE("august rules fill the Result and Err_message cells") {
    ResultTable t = table_of(CompareMode::Summary, {row(kIn, {{"Bench Tensor Shape", "[4]"}}), row(kOut)});
    apply_verdict_rules(t, VerdictRuleOptions{});
    CHECK(t.table.rows[0][17] == Cell("error"));
    CHECK(t.table.rows[0][18] == Cell(R"(["error: The shape of NPU and Bench are inconsistent."])"));
    CHECK(t.table.rows[1][17] == Cell("pass"));
    CHECK(t.table.rows[1][18] == Cell("[]"));
}

TEST_CASE("august rules: squeezed shape texts drop size-1 dims as msprobe writes them") {
    CHECK(squeezed_shape_text("[1, 217, 1, 896]") == "[217,896]");
    CHECK(squeezed_shape_text("[]") == "[]");
    CHECK(squeezed_shape_text("[1]") == "[]");
    // A joined shape text is split on its commas as it stands.
    CHECK(squeezed_shape_text("[2, 4];[2, 4]") == "[2,4];[2,4]");
}

TEST_CASE("august rules: the training-vs-inference shape rule, without requires_grad") {
    const auto verdicts = [](const std::string& npu_shape, const std::string& bench_shape, SqueezedShapeRule rule,
                             const std::string& bench_name = kOut) {
        VerdictRuleOptions options;
        options.requires_grad_rule = false;
        options.squeezed_shapes = rule;
        const auto t = table_of(CompareMode::All, {row(kOut, {{"Bench Name", bench_name},
                                                              {"NPU Tensor Shape", npu_shape},
                                                              {"Bench Tensor Shape", bench_shape},
                                                              {"NPU Requires_grad", "True"}})});
        return rule_verdicts(t, options).front();
    };
    const SqueezedShapeRule fsdp{true, false}, megatron{false, true};
    CHECK(verdicts("[1, 217, 896]", "[217, 896]", fsdp).level() == Level::Pass);  // size-1 dims ignored
    CHECK(verdicts("[217, 8, 128]", "[217, 1024]", fsdp).level() == Level::Error);
    CHECK(verdicts("[217, 8, 128]", "[217, 1024]", fsdp).reasons() ==
          std::vector<std::string>{"error: The shape of NPU and Bench are inconsistent."});
    CHECK(verdicts("[217, 8, 128]", "[217, 1024]", megatron).level() == Level::Pass);  // last two merged
    CHECK(verdicts("[217, 8, 128]", "[217, 8, 128]", megatron).level() == Level::Pass);
    CHECK(verdicts("[217, 8, 128]", "[217, 512]", megatron).level() == Level::Error);
    // FSDP does not judge the shape of a fused qkv or gate_up row; Megatron does.
    const std::string qkv = "Module.model.layers.0.self_attn.qkv_proj.QKVParallelLinear.forward.0.output.0";
    CHECK(verdicts("[2, 4];[2, 2]", "[2, 8]", fsdp, qkv).level() == Level::Pass);
    CHECK(verdicts("[2, 4];[2, 2]", "[2, 8]", megatron, qkv).level() == Level::Error);
    // The requires_grad difference of these rows is no error here.
    CHECK(verdicts("[2]", "[2]", fsdp).reasons().empty());
}

TEST_CASE("august rules: an entry's rows are judged together wherever they sit in the table") {
    auto t = table_of(CompareMode::All,
                      {row(kIn, {{"Cosine", 1.0}}), row("Functional.relu.0.forward.output.0", {{"Cosine", 1.0}}),
                       row(kOut, {{"Cosine", 0.5}})});
    t.api_index = {0, 1, 0};
    t.set_api_names({"Functional.linear.0.forward", "Functional.relu.0.forward"});
    const auto v = rule_verdicts(t, VerdictRuleOptions{});
    CHECK(v[2].level() == Level::Warning);  // the cosine rule saw the input of row 0
    CHECK(v[1].level() == Level::Pass);
}

TEST_CASE("august rules: a verdict kept in two bytes lists its messages in msprobe's order, its level the worst") {
    static_assert(sizeof(RuleVerdict) == 2);
    RuleVerdict verdict;
    CHECK(verdict.level() == Level::Pass);
    CHECK(verdict.reasons().empty());
    verdict.add(VerdictRule::NormRelativeWarning);
    CHECK(verdict.level() == Level::Warning);
    verdict.add(VerdictRule::Shape);
    verdict.add(VerdictRule::InfNan);
    verdict.add(VerdictRule::Shape);  // a rule fires once
    CHECK(verdict.level() == Level::Error);
    CHECK(verdict.fired(VerdictRule::InfNan));
    CHECK_FALSE(verdict.fired(VerdictRule::Dtype));
    CHECK(verdict.reasons() == std::vector<std::string>{
                                   "error: There is nan/inf/-inf in the maximum or minimum value of NPU.",
                                   "error: The shape of NPU and Bench are inconsistent.",
                                   "warning: The norm relative error of output is 10 times that of input."});
    const RowVerdict as_row = verdict.row_verdict();
    CHECK(as_row.level == Level::Error);
    CHECK(as_row.reasons == verdict.reasons());
    // The rules of one row fire in this order in every mode: the table's verdict is the same.
    const auto judged = judge(CompareMode::Summary, {row(kIn, {{"NPU max", "nan"}, {"NPU Tensor Shape", "[3]"}})});
    CHECK(judged[0].reasons() == std::vector<std::string>{
                                     "error: There is nan/inf/-inf in the maximum or minimum value of NPU.",
                                     "error: The shape of NPU and Bench are inconsistent."});
}
