// The cells every compare mode shares: identity columns, statistics,
// Requires_grad texts and the stack column.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "compare/row_cells.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::compare;
using report::Cell;

namespace {

dump::DumpRow row_of(const std::string& name, const std::string& dtype, const std::string& shape,
                     std::optional<bool> requires_grad, std::uint32_t api = 0,
                     dump::RowState state = dump::RowState::Input) {
    dump::DumpRow row;
    row.name = name, row.dtype = dtype, row.shape = shape, row.requires_grad = requires_grad;
    row.api_index = api, row.state = state;
    return row;
}

}  // namespace

TEST_CASE("identity headers", "[row_cells]") {
    CHECK(identity_headers() == std::vector<std::string>{"NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype",
                                                         "NPU Tensor Shape", "Bench Tensor Shape",
                                                         "NPU Requires_grad", "Bench Requires_grad"});
}

TEST_CASE("requires_grad texts", "[row_cells]") {
    const auto yes = row_of("a", "torch.float32", "[1]", true);
    const auto no = row_of("a", "torch.float32", "[1]", false);
    const auto none = row_of("a", "torch.float32", "[1]", std::nullopt);
    CHECK(requires_grad_text(&yes) == "True");
    CHECK(requires_grad_text(&no) == "False");
    CHECK(requires_grad_text(&none) == "N/A");
    CHECK(requires_grad_text(nullptr) == "N/A");
}

TEST_CASE("identity cells of matched and unmatched rows", "[row_cells]") {
    const auto npu = row_of("Functional.relu.0.forward.input.0", "torch.float32", "[2, 3]", true);
    const auto bench = row_of("Functional.relu.0.forward.input.0", "torch.float16", "[2, 3]", std::nullopt);
    std::vector<Cell> cells;
    append_identity_cells(cells, npu, &bench);
    CHECK(cells == std::vector<Cell>{"Functional.relu.0.forward.input.0", "Functional.relu.0.forward.input.0",
                                     "torch.float32", "torch.float16", "[2, 3]", "[2, 3]", "True", "N/A"});
    cells.clear();
    append_identity_cells(cells, npu, nullptr);
    CHECK(cells == std::vector<Cell>{"Functional.relu.0.forward.input.0", "N/A", "torch.float32", "N/A", "[2, 3]",
                                     "N/A", "True", "N/A"});
}

TEST_CASE("statistic cells", "[row_cells]") {
    using dump::StatValue;
    CHECK(stat_cell(StatValue::null()) == Cell("None"));
    CHECK(stat_cell(StatValue::of_number(1.5)) == Cell(1.5));
    CHECK(stat_cell(StatValue::of_integer(7)) == Cell(7.0));
    CHECK(stat_cell(StatValue::of_number(std::numeric_limits<double>::quiet_NaN())) == Cell("Nan"));
    const Cell inf = stat_cell(StatValue::of_number(std::numeric_limits<double>::infinity()));
    REQUIRE(inf.is_number());
    CHECK(std::isinf(inf.number()));
    CHECK(stat_cell(StatValue::of_bool(true)) == Cell::boolean(true));
    // Any spelling of a NaN text becomes "Nan"; other texts stay.
    CHECK(stat_cell(StatValue::of_text("NaN")) == Cell("Nan"));
    CHECK(stat_cell(StatValue::of_text("nan")) == Cell("Nan"));
    CHECK(stat_cell(StatValue::of_text("inf")) == Cell("inf"));
    CHECK(stat_cell(StatValue::of_text("nana")) == Cell("nana"));
}

TEST_CASE("start_table, bench_row and begin_row", "[row_cells]") {
    dump::DumpFile npu;
    npu.api_names = {"Functional.relu.0.forward", "Functional.gelu.0.forward"};
    npu.rows = {row_of("Functional.relu.0.forward.input.0", "torch.float32", "[2]", std::nullopt, 0),
                row_of("Functional.relu.0.forward.output.0", "torch.float32", "[2]", std::nullopt, 0,
                       dump::RowState::Output),
                row_of("Functional.gelu.0.forward.input.0", "torch.float32", "[2]", std::nullopt, 1)};
    dump::DumpFile bench = npu;
    const std::vector<RowPair> pairs = {{2, 0}, {1, kNoBench}};

    auto result = start_table(CompareMode::Md5, npu, pairs, {"NPU MD5", "Result"}, true);
    CHECK(result.mode == CompareMode::Md5);
    CHECK(result.table.header.size() == 11);
    CHECK(result.table.header[8] == "NPU MD5");
    CHECK(result.table.header[9] == "Result");
    CHECK(result.table.header[10] == "NPU_Stack_Info");
    CHECK(result.table.rows.empty());
    // Per-row origin follows the NPU row of each pair.
    CHECK(result.states == std::vector<dump::RowState>{dump::RowState::Input, dump::RowState::Output});
    CHECK(result.api_index == std::vector<std::uint32_t>{1, 0});
    CHECK(result.api_of(0) == "Functional.gelu.0.forward");

    CHECK(bench_row(bench, pairs[0]) == &bench.rows[0]);
    CHECK(bench_row(bench, pairs[1]) == nullptr);

    auto& cells = begin_row(result, npu.rows[2], bench_row(bench, pairs[0]));
    CHECK(result.table.rows.size() == 1);
    CHECK(cells.size() == 8);
    CHECK(cells[1] == Cell("Functional.relu.0.forward.input.0"));

    CHECK(start_table(CompareMode::Summary, npu, pairs, {}, false).table.header == identity_headers());
}

TEST_CASE("stack cells on the first row of each entry", "[row_cells]") {
    const auto path = testing::scratch_file(
        "row_cells_stack", "stack.json", R"json({"Functional.relu.0.forward": ["File a.py, line 1", "relu(x)"]})json");
    const auto stack = dump::StackFile::load(path);
    dump::DumpFile npu;
    npu.api_names = {"Functional.relu.0.forward", "Functional.gelu.0.forward"};
    npu.rows = {row_of("Functional.relu.0.forward.input.0", "torch.float32", "[2]", std::nullopt, 0),
                row_of("Functional.relu.0.forward.output.0", "torch.float32", "[2]", std::nullopt, 0),
                row_of("Functional.gelu.0.forward.input.0", "torch.float32", "[2]", std::nullopt, 1)};
    CHECK(stack_cell(npu, 0, stack) == Cell("['File a.py, line 1', 'relu(x)']"));
    CHECK(stack_cell(npu, 1, stack) == Cell("N/A"));
    // gelu starts an entry but has no stack.
    CHECK(stack_cell(npu, 2, stack) == Cell("N/A"));
}
