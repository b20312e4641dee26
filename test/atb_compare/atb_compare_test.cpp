// compare -m atb end to end in the library (atb_data_compare.py:
// compare_atb_mode): ATB round folders written by the support writer, the
// result book read back, and every way msprobe gives up or writes N/A cells,
// with what we do instead (docs/compatibility.md rows 206-211).
#include <catch2/catch.hpp>

#include <regex>

#include "atb_compare/atb_compare.hpp"
#include "atb_test_files.hpp"
#include "common/error.hpp"
#include "report/xlsx_reader.hpp"
#include "support/directory_names.hpp"
#include "support/file_text.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::testing;

namespace {

struct Pair {
    fs::path target, golden, out;
};

AtbTensorRow stats_row(const std::string& name, const std::string& id, std::array<std::string, 4> statistics) {
    AtbTensorRow row;
    row.op_name = name;
    row.op_id = id;
    row.statistics = std::move(statistics);
    return row;
}

AtbTensorRow tensor_row(const std::string& name, const std::string& id, AtbTensorData data) {
    AtbTensorRow row;
    row.op_name = name;
    row.op_id = id;
    row.tensor = std::move(data);
    return row;
}

AtbTensorData f32(std::vector<float> values) {
    const auto n = static_cast<std::int64_t>(values.size());
    return {kAtbFloat32, {n}, bytes_of(values)};
}

Pair write_pair(const std::string& name, const std::vector<AtbTensorRow>& target,
                const std::vector<AtbTensorRow>& golden) {
    const fs::path root = scratch_dir("atb_run_" + name);
    AtbRound t{"0_276107", 0, target};
    AtbRound g{"0_39943", 0, golden};
    return {write_atb_round(root / "target", t), write_atb_round(root / "golden", g), root / "out"};
}

atb::AtbCompareRequest request_of(const Pair& pair) {
    atb::AtbCompareRequest request;
    request.target = pair.target;
    request.golden = pair.golden;
    request.output_dir = pair.out;
    return request;
}

// msprobe's ways (--strict_compat).
atb::AtbCompareRequest msprobe_request(const Pair& pair) {
    auto request = request_of(pair);
    request.refuse_two_files = false;
    request.refuse_unusable_dumps = false;
    request.rows = atb::RowRule::Skip;
    request.tensors = {false, false};
    return request;
}

atb::AtbCompareResult run(const atb::AtbCompareRequest& request) {
    ThreadPool pool(3);
    return atb::run_atb_compare(request, pool);
}

std::vector<std::vector<std::string>> sheet_texts(const fs::path& book) {
    const auto contents = report::read_xlsx(book.string());
    REQUIRE(contents.sheets.size() == 1);
    CHECK(contents.sheets[0].name == "Sheet1");
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : contents.sheets[0].rows) {
        auto& texts = rows.emplace_back();
        for (const auto& cell : row) {
            CHECK(cell.is_text());
            texts.emplace_back(cell.text());
        }
    }
    return rows;
}

// The refusal's file and reason, after checking that nothing was written.
std::pair<std::string, std::string> refusal(const atb::AtbCompareRequest& request) {
    try {
        (void)run(request);
    } catch (const Error& e) {
        CHECK_FALSE(fs::exists(request.output_dir));
        return {e.file(), e.reason()};
    }
    FAIL("no refusal");
    return {};
}

}  // namespace

TEST_CASE("atb compare: stats mode, target rows in order, those without a golden row passed over", "[atb_compare]") {
    const auto pair = write_pair(
        "stats",
        {stats_row("Embedding", "0", {"2", "-1", "0.5", "3"}),
         stats_row("Prefill_layer/Attention", "1_0", {"4", "0", "1", "5"}),
         stats_row("Prefill_layer/Mlp", "1_1", {"1", "0", "1", "1"})},
        {stats_row("Prefill_layer/Attention", "1_0", {"2", "0", "1", "4"}),
         stats_row("Embedding", "0", {"2", "-1", "0.25", "3"}), stats_row("LmHead", "2", {"1", "1", "1", "1"})});
    const auto result = run(request_of(pair));
    CHECK(result.mode == atb::DumpMode::Stats);
    CHECK(result.rows == 2);
    REQUIRE(result.written.has_value());
    CHECK(names_in(pair.out) == std::vector<std::string>{result.written->filename().string()});
    CHECK(
        std::regex_match(result.written->filename().string(), std::regex(R"(atb_stats_compare_result_\d{14}\.xlsx)")));
    const auto rows = sheet_texts(*result.written);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0][0] == "Target Data Name");
    CHECK(rows[0][10] == "Max Diff");
    // Max 2 - 2, Min -1 - -1, Mean 0.5 - 0.25 (100 %), Norm 3 - 3.
    CHECK(rows[1] == std::vector<std::string>{"0_Embedding/input.0",
                                              "0_Embedding/input.0",
                                              "0_276107",
                                              "0_39943",
                                              "0",
                                              "0",
                                              "float",
                                              "float",
                                              "2*2",
                                              "2*2",
                                              "0.0",
                                              "0.0",
                                              "0.25",
                                              "0.0",
                                              "0.0",
                                              "0.0",
                                              "100.0",
                                              "0.0",
                                              "2",
                                              "2",
                                              "-1",
                                              "-1",
                                              "0.5",
                                              "0.25",
                                              "3",
                                              "3"});
    // Max 4 - 2 (100 %), Min 0 - 0, Mean 1 - 1, Norm 5 - 4 (25 %).
    CHECK(std::vector<std::string>(rows[2].begin(), rows[2].begin() + 18) ==
          std::vector<std::string>{"1_Prefill_layer/0_Attention/input.0", "1_Prefill_layer/0_Attention/input.0",
                                   "0_276107", "0_39943", "0", "0", "float", "float", "2*2", "2*2", "2.0", "0.0", "0.0",
                                   "1.0", "100.0", "0.0", "0.0", "25.0"});
}

TEST_CASE("atb compare: tensor mode over float16, bfloat16, float32, int and bool tensors", "[atb_compare]") {
    const std::vector<AtbTensorRow> target = {
        tensor_row("Half", "0", {kAtbFloat16, {2}, float16_bytes({1, 2})}),
        tensor_row("Brain", "1", {kAtbBFloat16, {2}, bfloat16_bytes({1.01F, 2})}),
        tensor_row("Single", "2", f32({1, 2, 3, 4.5F})),
        tensor_row("Int", "3", {kAtbInt64, {2}, bytes_of(std::vector<std::int64_t>{2, 4})}),
        tensor_row("Bool", "4", {kAtbBool, {3}, bytes_of(std::vector<std::uint8_t>{1, 0, 1})})};
    const std::vector<AtbTensorRow> golden = {
        tensor_row("Half", "0", {kAtbFloat16, {2}, float16_bytes({1, 2})}),
        tensor_row("Brain", "1", {kAtbBFloat16, {2}, bfloat16_bytes({1, 2})}),
        tensor_row("Single", "2", f32({1, 2, 3, 4})),
        tensor_row("Int", "3", {kAtbInt64, {2}, bytes_of(std::vector<std::int64_t>{1, 4})}),
        tensor_row("Bool", "4", {kAtbBool, {3}, bytes_of(std::vector<std::uint8_t>{1, 1, 1})})};
    const auto pair = write_pair("tensor", target, golden);
    const auto result = run(request_of(pair));
    CHECK(result.mode == atb::DumpMode::Tensor);
    REQUIRE(result.written.has_value());
    CHECK(
        std::regex_match(result.written->filename().string(), std::regex(R"(atb_tensor_compare_result_\d{14}\.xlsx)")));
    const auto rows = sheet_texts(*result.written);
    REQUIRE(rows.size() == 6);
    CHECK(rows[0][10] == "Cosine");
    CHECK(rows[0][16] == "Target Max");
    const auto tail = [&](std::size_t r) { return std::vector<std::string>(rows[r].begin() + 10, rows[r].end()); };
    // float16 [1, 2] against itself; mean 1.5, norm sqrt(5) in float16 = 2.236328125.
    CHECK(tail(1) == std::vector<std::string>{"1.0", "0.0", "0.0", "0.0", "1.0", "1.0", "2.0", "2.0", "1.0", "1.0",
                                              "1.5", "1.5", "2.236328125", "2.236328125"});
    // bfloat16 1.01 is 1.0078125: cosine 5.0078125 / (sqrt(5.0157) sqrt(5)) = 0.99999513..., above 0.9999 so
    // rounded to 6 decimals; relative error 0.0078125. Target sum 3.0078125 is 3.0 in bfloat16 (steps of 2^-6 in
    // [2, 4), ties to even): mean 1.5; norm sqrt(5.0157...) = 2.2395... and sqrt(5) both 2.234375.
    CHECK(tail(2) == std::vector<std::string>{"0.999995", "0.0078125", "0.0078125", "0.0078125", "0.5", "0.5", "2.0",
                                              "2.0", "1.0078125", "1.0", "1.5", "1.5", "2.234375", "2.234375"});
    CHECK(tail(3) == std::vector<std::string>{"0.998295384125", "0.5", "0.5", "0.125", "0.75", "0.75", "4.5", "4.0",
                                              "1.0", "1.0", "2.625", "2.5", "5.852349758148193", "5.4772257804870605"});
    // int64 [2, 4] against [1, 4]: statistics of t.float().
    CHECK(tail(4) == std::vector<std::string>{"0.976187060184", "1.0", "1.0", "1.0", "0.5", "0.5", "4.0", "4.0", "2.0",
                                              "1.0", "3.0", "2.5", "4.4721360206604", "4.123105525970459"});
    CHECK(tail(5) == std::vector<std::string>{"0.816496580928", "1.0", "1.0", "1.0", "0.666666666667", "0.666666666667",
                                              "tensor(True)", "tensor(True)", "tensor(False)", "tensor(True)", "N/A",
                                              "N/A", "N/A", "N/A"});
}

TEST_CASE("atb compare: a target row missing on the golden side is not compared", "[atb_compare]") {
    const auto pair = write_pair("missing", {tensor_row("A", "0", f32({1, 2})), tensor_row("B", "1", f32({3, 4}))},
                                 {tensor_row("B", "1", f32({3, 4}))});
    const auto result = run(request_of(pair));
    REQUIRE(result.written.has_value());
    const auto rows = sheet_texts(*result.written);
    REQUIRE(rows.size() == 2);
    CHECK(rows[1][0] == "1_B/input.0");
    // No Data Name in common: nothing compared, nothing written.
    const auto apart = write_pair("apart", {tensor_row("A", "0", f32({1, 2}))}, {tensor_row("B", "1", f32({3, 4}))});
    const auto none = run(request_of(apart));
    CHECK(none.rows == 0);
    CHECK_FALSE(none.written.has_value());
    CHECK_FALSE(fs::exists(apart.out));
}

TEST_CASE("atb compare: dumps of different modes (row 207)", "[atb_compare]") {
    const auto pair =
        write_pair("modes", {tensor_row("A", "0", f32({1}))}, {stats_row("A", "0", {"1", "1", "1", "1"})});
    const auto [file, reason] = refusal(request_of(pair));
    CHECK(file == (pair.target / "statistic.csv").string());
    CHECK(reason ==
          "is a tensor dump (its first row names a tensor file), but " + (pair.golden / "statistic.csv").string() +
              " is a statistics dump (its first row's Tensor Path is N/A); both sides must be dumped with the "
              "same task");
    // msprobe logs "Unvalid ATB dump data" and writes nothing.
    const auto result = run(msprobe_request(pair));
    CHECK_FALSE(result.written.has_value());
    CHECK_FALSE(fs::exists(pair.out));
    // A csv with its header alone.
    write_file(pair.golden / "statistic.csv", atb_statistic_header() + "\n");
    CHECK(refusal(request_of(pair)) == std::pair<std::string, std::string>{(pair.golden / "statistic.csv").string(),
                                                                           "holds no row after its header"});
    CHECK_FALSE(run(msprobe_request(pair)).written.has_value());
}

TEST_CASE("atb compare: a damaged tensor file (row 210)", "[atb_compare]") {
    const auto pair = write_pair("damaged", {tensor_row("A", "0", f32({1, 2})), tensor_row("B", "1", f32({3, 4}))},
                                 {tensor_row("A", "0", f32({1, 2})), tensor_row("B", "1", f32({3, 4}))});
    const fs::path broken = pair.golden / "1_B/before/intensor0.bin";
    write_file(broken, "dtype=0\ndims=2\n$End=1\nabc");
    CHECK(refusal(request_of(pair)) ==
          std::pair<std::string, std::string>{broken.string(), "its 3 data bytes are not whole 4-byte elements"});
    // msprobe: the row's metrics and the golden statistics read N/A.
    const auto result = run(msprobe_request(pair));
    REQUIRE(result.written.has_value());
    const auto rows = sheet_texts(*result.written);
    REQUIRE(rows.size() == 3);
    CHECK(std::vector<std::string>(rows[2].begin() + 10, rows[2].end()) ==
          std::vector<std::string>{"N/A", "N/A", "N/A", "N/A", "N/A", "N/A", "4.0", "N/A", "3.0", "N/A", "3.5", "N/A",
                                   "5.0", "N/A"});
    CHECK(rows[1][10] == "1.0");
    // A missing file is damage too.
    fs::remove(broken);
    auto again = request_of(pair);
    again.output_dir = pair.out / "again";
    CHECK(refusal(again).second == "E_IO: no such file");
}

TEST_CASE("atb compare: a dtype msprobe does not read leaves N/A cells", "[atb_compare]") {
    AtbTensorData uint8{4, {2}, bytes_of(std::vector<std::uint8_t>{1, 2})};
    const auto pair = write_pair("uint8", {tensor_row("A", "0", uint8)}, {tensor_row("A", "0", uint8)});
    const auto result = run(request_of(pair));
    REQUIRE(result.written.has_value());
    const auto rows = sheet_texts(*result.written);
    CHECK(std::vector<std::string>(rows[1].begin() + 10, rows[1].end()) == std::vector<std::string>(14, "N/A"));
}

TEST_CASE("atb compare: statistic.csv rows msprobe passes over (row 209)", "[atb_compare]") {
    const auto pair =
        write_pair("bad_csv", {stats_row("A", "0", {"1", "1", "1", "1"})}, {stats_row("A", "0", {"1", "1", "1", "1"})});
    const fs::path csv = pair.target / "statistic.csv";
    write_file(csv, read_file_text(csv) + "0_276107,0,B,T,1,input,0,float,nd,4,1,1,1\n");
    CHECK(refusal(request_of(pair)) ==
          std::pair<std::string, std::string>{csv.string(), "record 3: 13 fields where ATB writes 15"});
    const auto result = run(msprobe_request(pair));
    REQUIRE(result.written.has_value());
    CHECK(sheet_texts(*result.written).size() == 2);
}

TEST_CASE("atb compare: a pair of 0-d tensors (row 211)", "[atb_compare]") {
    const auto pair = write_pair("zero_dim", {tensor_row("A", "0", f32({3}))}, {tensor_row("A", "0", f32({2}))});
    for (const auto& dir : {pair.target, pair.golden}) {
        const fs::path file = dir / "0_A/before/intensor0.bin";
        const std::string data = read_file_text(file).substr(read_file_text(file).find("$End=1\n"));
        write_file(file, "dtype=0\n" + data);
    }
    // The real-data kernel's 0-d case: only the two largest errors are computed.
    const auto result = run(request_of(pair));
    REQUIRE(result.written.has_value());
    const auto rows = sheet_texts(*result.written);
    CHECK(std::vector<std::string>(rows[1].begin() + 10, rows[1].begin() + 16) ==
          std::vector<std::string>{"unsupported", "unsupported", "1.0", "0.5", "unsupported", "unsupported"});
    auto strict = msprobe_request(pair);
    strict.output_dir = pair.out / "strict";
    const auto [file, reason] = refusal(strict);
    CHECK(file == (pair.target / "0_A/before/intensor0.bin").string());
    CHECK(reason.find("TypeError: len() of unsized object") != std::string::npos);
}

TEST_CASE("atb compare: two files and a file against a folder (row 206)", "[atb_compare]") {
    const auto pair =
        write_pair("files", {stats_row("A", "0", {"1", "1", "1", "1"})}, {stats_row("A", "0", {"1", "1", "1", "1"})});
    auto files = request_of(pair);
    files.target = pair.target / "statistic.csv";
    files.golden = pair.golden / "statistic.csv";
    const auto [file, reason] = refusal(files);
    CHECK(file == files.target.string());
    CHECK(reason.find("is a file; -tp and -gp must each name an ATB execution-round folder") == 0);
    auto msprobe_files = msprobe_request(pair);
    msprobe_files.target = files.target;
    msprobe_files.golden = files.golden;
    CHECK_FALSE(run(msprobe_files).written.has_value());
    // A file against a folder is refused in both ways, as msprobe does.
    msprobe_files.golden = pair.golden;
    CHECK_THROWS_WITH(run(msprobe_files), Catch::Contains("should be both files or directories"));
    msprobe_files.golden = pair.golden / "nowhere";
    CHECK_THROWS_WITH(run(msprobe_files), Catch::Contains("no such file or directory"));
}
