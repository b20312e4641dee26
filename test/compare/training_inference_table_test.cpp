// The table of a training-vs-inference compare on generated verl-shaped dumps:
// every expected cell worked out from the generated tensors with msprobe's rules
// (names joined by ";  " or ";\n", dtypes, shapes and data names by ";", the
// largest max and smallest min of a fused side, its means and norms joined, its
// tensors joined before they are measured) and its Result by the real-data rules
// without requires_grad, shapes compared without their size-1 dims.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "common/thread_pool.hpp"
#include "compare/training_inference_table.hpp"
#include "compare/verdict_table.hpp"
#include "dump/dump_file.hpp"
#include "support/entry_rows.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"
#include "support/training_inference_pair.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using namespace msprobe::testing;
using mapping::TrainingBackend;

namespace {

const std::string kTrainLayer = "Module._fsdp_wrapped_module.model.layers.0._fsdp_wrapped_module.self_attn.";
const std::string kInferLayer = "Module.model.layers.0.self_attn.";
constexpr const char* kOneThousandth =
    "error: The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6.";
constexpr const char* kCosine = "warning: The input/parameters of Cosine > 0.9, and input/parameters - output > 0.1";
constexpr const char* kShape = "error: The shape of NPU and Bench are inconsistent.";

struct Table {
    ResultTable result;

    std::string text(std::size_t row, const std::string& header) const {
        const auto& cell = result.table.rows.at(row).at(static_cast<std::size_t>(result.column(header)));
        return cell.is_text() ? std::string(cell.text()) : "<not text>";
    }
    double number(std::size_t row, const std::string& header) const {
        const auto& cell = result.table.rows.at(row).at(static_cast<std::size_t>(result.column(header)));
        REQUIRE(cell.is_number());
        return cell.number();
    }
};

Table table_of(const std::filesystem::path& training, const std::filesystem::path& inference, TrainingBackend backend,
               bool workbook = false) {
    const auto train = dump::read_dump_file(training);
    const auto infer = dump::read_dump_file(inference);
    ThreadPool pool(2);
    TrainingInferenceRun run;
    run.check.backend = backend;
    run.check.names_for_workbook = workbook;
    return {training_inference_table(train, infer, nullptr, pool, run)};
}

double max_of(std::initializer_list<const SyntheticTensor*> tensors) {
    double m = -INFINITY;
    for (const auto* t : tensors)
        m = std::max(m, static_cast<double>(*std::max_element(t->values.begin(), t->values.end())));
    return m;
}

double min_of(std::initializer_list<const SyntheticTensor*> tensors) {
    double m = INFINITY;
    for (const auto* t : tensors)
        m = std::min(m, static_cast<double>(*std::min_element(t->values.begin(), t->values.end())));
    return m;
}

}  // namespace

TEST_CASE("training inference table: FSDP rows, fused q/k/v cells, joined tensors and the verdicts",
          "[compare][training_inference_table]") {
    const auto pair = write_fsdp_attention_pair(scratch_dir("training_inference_fsdp"));
    const Table t = table_of(pair.training, pair.inference, TrainingBackend::Fsdp);
    const std::string q = kTrainLayer + "q_proj.Linear.forward.2", k = kTrainLayer + "k_proj.Linear.forward.2",
                      v = kTrainLayer + "v_proj.Linear.forward.2";
    const std::string qkv = kInferLayer + "qkv_proj.QKVParallelLinear.forward.0";
    const std::string rotary = kTrainLayer + "rotary_emb.Qwen2RotaryEmbedding.forward.2";
    const std::string attn = kInferLayer + "attn.Attention.forward.0";
    const std::string o_train = kTrainLayer + "o_proj.Linear.forward.2";
    const std::string o_infer = kInferLayer + "o_proj.RowParallelLinear.forward.0";

    // Order: the matched rows, the training-only rotary rows before the inference-only attn rows
    // (o_proj's inference position follows attn's), backward entries left out.
    const std::vector<std::pair<std::string, std::string>> names = {
        {"Module._fsdp_wrapped_module.model.embed_tokens.Embedding.forward.2.input.0",
         "Module.model.embed_tokens.VocabParallelEmbedding.forward.0.input.0"},
        {"Module._fsdp_wrapped_module.model.embed_tokens.Embedding.forward.2.output.0",
         "Module.model.embed_tokens.VocabParallelEmbedding.forward.0.output.0"},
        {q + ".input.0;  " + k + ".input.0;  " + v + ".input.0", qkv + ".input.0"},
        {q + ".parameters.weight;  " + k + ".parameters.weight;  " + v + ".parameters.weight",
         qkv + ".parameters.weight"},
        {q + ".output.0;  " + k + ".output.0;  " + v + ".output.0", qkv + ".output.0"},
        {rotary + ".input.0", "N/A"},
        {rotary + ".output.0", "N/A"},
        {"N/A", attn + ".input.0"},
        {"N/A", attn + ".output.0"},
        {o_train + ".input.0", o_infer + ".input.0"},
        {o_train + ".output.0", o_infer + ".output.0"},
    };
    REQUIRE(t.result.table.rows.size() == names.size());
    for (std::size_t r = 0; r < names.size(); ++r) {
        INFO(r);
        CHECK(t.text(r, "NPU Name") == names[r].first);
        CHECK(t.text(r, "Bench Name") == names[r].second);
    }

    // The fused outputs: dtypes and shapes joined, the largest max, the smallest min, every mean and norm.
    CHECK(t.text(4, "NPU Dtype") == "torch.float32;torch.float32;torch.float32");
    CHECK(t.text(4, "NPU Tensor Shape") == "[2, 4];[2, 2];[2, 2]");
    CHECK(t.text(4, "Bench Tensor Shape") == "[2, 8]");
    CHECK(t.text(3, "NPU Tensor Shape") == "[4, 4];[2, 4];[2, 4]");
    CHECK(t.number(4, "NPU max") == max_of({&pair.q, &pair.k, &pair.v}));
    CHECK(t.number(4, "NPU min") == min_of({&pair.q, &pair.k, &pair.v}));
    CHECK(t.text(4, "NPU mean") == "0.75;0.875;5.25");
    CHECK(t.text(4, "NPU l2norm") == py::float_repr(pair.q.statistics().norm) + ";" +
                                         py::float_repr(pair.k.statistics().norm) + ";" +
                                         py::float_repr(pair.v.statistics().norm));
    CHECK(t.number(4, "Bench max") == 7.5);
    CHECK(t.text(4, "Data_name") ==
          "['" + q + ".output.0.pt;" + k + ".output.0.pt;" + v + ".output.0.pt', '" + qkv + ".output.0.pt']");
    // q/k/v joined along dim 1, their weights along dim 0, their shared input read once: the inference tensors.
    for (std::size_t r : {2, 3, 4}) {
        INFO(r);
        CHECK(t.number(r, "Cosine") == Approx(1.0));
        CHECK(t.number(r, "MaxAbsErr") == 0.0);
        CHECK(t.text(r, "Result") == "pass");
        CHECK(t.text(r, "Err_message") == "[]");
    }
    CHECK(t.text(2, "Requires_grad Consistent") == "<not text>");

    // Unmatched rows of either side: msprobe's unmatched metrics, no rule fires.
    for (std::size_t r : {5, 6, 7, 8}) {
        INFO(r);
        CHECK(t.text(r, "Cosine") == "unsupported");
        CHECK(t.text(r, "Result") == "pass");
    }
    CHECK(t.text(7, "NPU max") == "N/A");
    CHECK(t.text(5, "Bench max") == "N/A");
    CHECK(t.text(7, "Data_name") == "['N/A', '" + attn + ".input.0.pt']");

    // o_proj: the output reversed. cosine 120/204, largest error 7; the input matches, so both output rules fire.
    CHECK(t.number(10, "Cosine") == Approx(120.0 / 204.0).epsilon(1e-9));
    CHECK(t.number(10, "MaxAbsErr") == 7.0);
    CHECK(t.text(10, "Result") == "error");
    CHECK(t.text(10, "Err_message") == std::string("[\"") + kOneThousandth + "\", \"" + kCosine + "\"]");
    CHECK(t.text(9, "Result") == "pass");
    CHECK(t.number(10, "NPU max") == 8.0);  // one row: read back as a float
}

TEST_CASE("training inference table: a workbook's fused names are one per line",
          "[compare][training_inference_table]") {
    const auto pair = write_fsdp_attention_pair(scratch_dir("training_inference_fsdp_xlsx"));
    const Table t = table_of(pair.training, pair.inference, TrainingBackend::Fsdp, true);
    const std::string q = kTrainLayer + "q_proj.Linear.forward.2", k = kTrainLayer + "k_proj.Linear.forward.2",
                      v = kTrainLayer + "v_proj.Linear.forward.2";
    CHECK(t.text(4, "NPU Name") == q + ".output.0;\n" + k + ".output.0;\n" + v + ".output.0");
}

TEST_CASE("training inference table: Megatron joins the inference halves, and its shape rule flags fused rows",
          "[compare][training_inference_table]") {
    const auto pair = write_megatron_mlp_pair(scratch_dir("training_inference_megatron"));
    const Table t = table_of(pair.training, pair.inference, TrainingBackend::Megatron);
    const std::string gate = "Module.model.layers.0.mlp.gate_up_proj.GateHalf.forward.0";
    const std::string up = "Module.model.layers.0.mlp.gate_up_proj.UpHalf.forward.0";
    REQUIRE(t.result.table.rows.size() == 2);
    CHECK(t.text(0, "Bench Name") == gate + ".input.0;  " + up + ".input.0");
    CHECK(t.text(1, "Bench Name") == gate + ".output.0;  " + up + ".output.0");
    CHECK(t.text(1, "Bench Tensor Shape") == "[2, 4];[2, 4]");
    CHECK(t.number(1, "Bench max") == max_of({&pair.gate_out, &pair.up_out}));
    CHECK(t.number(1, "Bench min") == min_of({&pair.gate_out, &pair.up_out}));
    // The halves joined along dim 1 are the training output; the shared input is read once.
    for (std::size_t r : {0, 1}) {
        INFO(r);
        CHECK(t.number(r, "Cosine") == Approx(1.0));
        CHECK(t.number(r, "MaxAbsErr") == 0.0);
        // msprobe compares "[2,8]" with the joined text "[2,4];[2,4]": the fused row's shape never agrees.
        CHECK(t.text(r, "Result") == "error");
        CHECK(t.text(r, "Err_message") == std::string("[\"") + kShape + "\"]");
    }
}

TEST_CASE("training inference table: statistics dumps are refused, naming the training dump",
          "[compare][training_inference_table]") {
    const auto dir = scratch_dir("training_inference_statistics");
    const auto train = dump::read_dump_file(write_small_dump(dir / "t", {{"Functional.relu.0.forward", {{1}}, {{1}}}}));
    const auto infer = dump::read_dump_file(write_small_dump(dir / "i", {{"Functional.relu.0.forward", {{1}}, {{1}}}}));
    ThreadPool pool(1);
    CHECK_THROWS_WITH(training_inference_table(train, infer, nullptr, pool, {}),
                      Catch::Contains("reads tensor dumps") && Catch::Contains("t/dump.json"));
}

TEST_CASE("training inference table: a MindSpore target runs the ordinary compare, as msprobe's MindSpore compare does",
          "[compare][training_inference_table]") {
    auto npu = dump_of_entries({{"Functional.relu.0.forward", {".input.0", ".output.0"}}});
    npu.task = "statistics";
    auto bench = npu;
    VerdictTableOptions options;
    options.training_inference = TrainingInferenceOptions{};
    ThreadPool pool(1);
    CHECK_THROWS_WITH(verdict_table(npu, bench, nullptr, pool, options), Catch::Contains("reads tensor dumps"));
    npu.framework = "mindspore";
    const VerdictTable table = verdict_table(npu, bench, nullptr, pool, options);
    REQUIRE(table.result.table.rows.size() == 2);
    CHECK(table.result.table.header.at(8) == "Max diff");  // the statistics table
}
