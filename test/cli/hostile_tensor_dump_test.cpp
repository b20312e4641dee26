// Tensor dumps whose files or data_names are hostile or unusual, end to end:
// a data_name that leaves dump_tensor_data is never opened, a pickle that
// would run code is refused and said so on stderr, a tiny file that expands
// to billions of elements is refused, and 0-d integer tensors compare with
// --locate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

#include "msprobe_process.hpp"
#include "report/csv_reader.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"

namespace fs = std::filesystem;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;
using msprobe::tensor::DType;

namespace {

// A one-entry tensor dump whose forward output is one 0-d int64 tensor
// stored in `data_name`.
std::string dump_json(const std::string& data_name, std::int64_t value) {
    const std::string v = std::to_string(value);
    return R"({"task": "tensor", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {
 "Tensor.add_.0.forward": {"input_args": [], "input_kwargs": {},
  "output": [{"type": "torch.Tensor", "dtype": "torch.int64", "shape": [], "Max": )" + v + R"(, "Min": )" + v +
           R"(, "Mean": )" + v + R"(, "Norm": )" + v + R"(, "requires_grad": false, "data_name": ")" + data_name +
           R"("}]}}})";
}

void write_int64_scalar(const fs::path& file, std::int64_t value) {
    std::vector<std::byte> storage(sizeof value);
    std::memcpy(storage.data(), &value, sizeof value);
    msprobe::testing::write_pt(file, DType::Int64, {}, {}, 0, storage);
}

// npu/ and bench/ dumps of one 0-d tensor each, both naming `data_name`
// (tensor rows are matched by it), and compare.json.
fs::path scalar_pair(const std::string& name, const std::string& data_name, std::int64_t npu_value,
                     std::int64_t bench_value) {
    const fs::path dir = msprobe::testing::scratch_dir("cli_hostile_" + name);
    write_text(dir / "compare.json", R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");
    const std::string file = "Tensor.add_.0.forward.output.0.pt";
    write_text(dir / "npu/dump.json", dump_json(data_name, npu_value));
    write_text(dir / "bench/dump.json", dump_json(data_name, bench_value));
    fs::create_directories(dir / "npu/dump_tensor_data");
    fs::create_directories(dir / "bench/dump_tensor_data");
    write_int64_scalar(dir / "npu/dump_tensor_data" / file, npu_value);
    write_int64_scalar(dir / "bench/dump_tensor_data" / file, bench_value);
    return dir;
}

msprobe::testing::ProcessResult compare_csv(const fs::path& dir, bool locate) {
    std::vector<std::string> args = {"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out", "--format", "csv"};
    if (locate) args.push_back("--locate");
    return run_msprobe(args, dir);
}

// The one result row, as header name → field.
std::vector<std::pair<std::string, std::string>> result_row(const fs::path& out) {
    for (const auto& entry : fs::directory_iterator(out)) {
        if (entry.path().extension() != ".csv") continue;
        const auto records = msprobe::report::read_csv_records(entry.path().string());
        REQUIRE(records.size() == 2);
        std::vector<std::pair<std::string, std::string>> row;
        for (std::size_t i = 0; i < records[0].size(); ++i) {
            row.emplace_back(records[0][i], i < records[1].size() ? records[1][i] : "");
        }
        return row;
    }
    FAIL("no result csv in " << out);
    return {};
}

std::string field(const std::vector<std::pair<std::string, std::string>>& row, const std::string& name) {
    const auto it = std::find_if(row.begin(), row.end(), [&](const auto& f) { return f.first == name; });
    REQUIRE(it != row.end());
    return it->second;
}

std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("compare --locate on 0-d integer tensors: an empty index, no crash", "[cli][hostile]") {
    const fs::path dir = scalar_pair("zero_dim_locate", "Tensor.add_.0.forward.output.0.pt", 7, 4);
    const auto r = compare_csv(dir, true);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto row = result_row(dir / "out");
    CHECK(field(row, "MaxAbsErr") == "3");
    CHECK(field(row, "MaxAbsErr Index") == "()");
    CHECK(field(row, "MaxRelativeErr Index") == "()");
}

TEST_CASE("compare --locate on the cnn tensor fixture does not crash", "[cli][hostile][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dir = msprobe::testing::scratch_dir("cli_hostile_fixture_locate");
    const fs::path pair = *fixtures / "dumps" / "cnn_tensor_L1_perturbed";
    write_text(dir / "compare.json", R"({"npu_path": ")" + (pair / "npu/step0/rank/dump.json").string() +
                                         R"(", "bench_path": ")" + (pair / "bench/step0/rank/dump.json").string() +
                                         R"("})");
    const auto r = compare_csv(dir, true);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(fs::exists(dir / "out"));
}

TEST_CASE("compare never opens a data_name that leaves dump_tensor_data", "[cli][hostile]") {
    for (const std::string escaping : {"../../outside.pt", "../outside.pt", "sub/../../outside.pt", ".."}) {
        DYNAMIC_SECTION(escaping) {
            const fs::path dir = scalar_pair("escaping_data_name", escaping, 7, 7);
            // The file the name points at exists and would compare equal: the
            // row must still read "read failed", as nothing outside is read.
            write_int64_scalar(dir / "outside.pt", 7);
            write_int64_scalar(dir / "npu/outside.pt", 7);
            const auto r = compare_csv(dir, false);
            REQUIRE(r.exit_code == 0);
            const auto row = result_row(dir / "out");
            CHECK(field(row, "Err_message") ==
                  "Dump file: ['" + escaping + "', '" + escaping + "'] not found or read failed.");
            CHECK(field(row, "Cosine") == "unsupported");
            INFO(r.err);
            CHECK(line_count(r.err) == 1);
            CHECK_THAT(r.err, Catch::Contains("npu/dump.json: E_SECURITY: entry Tensor.add_.0.forward: data_name '" +
                                              escaping + "' refused"));
        }
    }
}

TEST_CASE("a tensor file whose pickle calls os.system is refused, and stderr says so once", "[cli][hostile]") {
    const fs::path dir = scalar_pair("pickle_os_system", "Tensor.add_.0.forward.output.0.pt", 7, 7);
    // A torch-shaped archive whose data.pkl is GLOBAL os.system, REDUCE.
    const std::string pickle =
        std::string("\x80\x02") + "cos\nsystem\n" + "X\x0a\0\0\0echo pwned" + std::string("\x85R.");
    const std::string file = "Tensor.add_.0.forward.output.0.pt";
    msprobe::testing::write_tensor_bytes(
        dir / "npu/dump_tensor_data" / file,
        msprobe::testing::torch_zip("archive",
                                    {{"data.pkl", pickle}, {"data/0", std::string(8, '\0')}, {"version", "3\n"}}));
    const auto r = compare_csv(dir, false);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(field(result_row(dir / "out"), "Err_message") ==
          "Dump file: ['" + file + "', '" + file + "'] not found or read failed.");
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::Contains("[ERROR] npu/dump_tensor_data/" + file + ": E_SECURITY:") &&
                          Catch::Contains("global os.system is not allowed in a tensor file") &&
                          Catch::Contains("refused, nothing was run"));
}

TEST_CASE("a 1 KB .pt viewing one element as 2^28 is refused per row, not materialised", "[cli][hostile]") {
    const fs::path dir = scalar_pair("expanded_view", "Tensor.add_.0.forward.output.0.pt", 7, 7);
    const std::int64_t value = 7;
    std::vector<std::byte> storage(sizeof value);
    std::memcpy(storage.data(), &value, sizeof value);
    const std::string file = "Tensor.add_.0.forward.output.0.pt";
    for (const auto* side : {"npu", "bench"}) {
        msprobe::testing::write_pt(dir / side / "dump_tensor_data" / file, DType::Int64, {16384, 16384}, {0, 0}, 0,
                                   storage);
    }
    const auto r = compare_csv(dir, true);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(field(result_row(dir / "out"), "Err_message") ==
          "Dump file: ['" + file + "', '" + file + "'] not found or read failed.");
    CHECK_THAT(r.err, Catch::Contains("E_LIMIT: view of 268435456 elements over a storage of 1"));
}

TEST_CASE("parse --with-data and overflow_check refuse a data_name that leaves dump_tensor_data", "[cli][hostile]") {
    const fs::path dir = scalar_pair("escaping_parse", "../../outside.pt", 7, 7);
    write_int64_scalar(dir / "outside.pt", 7);
    auto r = run_msprobe({"parse", "npu/dump.json", "--api", "Tensor.add_.0.forward", "--with-data"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err,
               Catch::Contains(
                   "npu/dump.json: E_SECURITY: entry Tensor.add_.0.forward: data_name '../../outside.pt' refused"));
    CHECK(r.out.find("outside") == std::string::npos);

    r = run_msprobe({"overflow_check", "-i", "npu/dump.json", "-o", "out"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err,
               Catch::Contains(
                   "npu/dump.json: E_SECURITY: entry Tensor.add_.0.forward: data_name '../../outside.pt' refused"));
    CHECK_FALSE(fs::exists(dir / "out"));
}
