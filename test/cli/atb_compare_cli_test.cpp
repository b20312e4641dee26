// compare -m atb through the binary: the result book's name and cells, the
// log line naming it, and the exit codes of bad input, by default and under
// --strict_compat (atb_data_compare.py: compare_atb_mode; docs/atb_compare.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>

#include "msprobe_process.hpp"
#include "report/xlsx_reader.hpp"
#include "support/atb_dump_writer.hpp"
#include "support/directory_names.hpp"
#include "support/element_bytes.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

struct AtbPair {
    fs::path dir;
    std::string target, golden;  // relative to dir
};

AtbTensorRow tensor_row(std::vector<float> values) {
    AtbTensorRow row;
    const auto n = static_cast<std::int64_t>(values.size());
    row.tensor = AtbTensorData{kAtbFloat32, {n}, bytes_of(values)};
    return row;
}

AtbTensorRow stats_row(std::array<std::string, 4> statistics) {
    AtbTensorRow row;
    row.statistics = std::move(statistics);
    return row;
}

AtbPair atb_pair(const std::string& name, const AtbTensorRow& target, const AtbTensorRow& golden) {
    const fs::path dir = scratch_dir(name);
    write_atb_round(dir / "target", {"0_276107", 0, {target}});
    write_atb_round(dir / "golden", {"0_39943", 0, {golden}});
    return {dir, "target/atb_dump_data/data/0_276107/0", "golden/atb_dump_data/data/0_39943/0"};
}

std::vector<std::string> atb_args(const AtbPair& pair, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"compare", "-m", "atb", "-tp", pair.target, "-gp", pair.golden};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

std::size_t lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("atb via the binary: a tensor compare into ./output", "[cli][atb_compare]") {
    const auto pair = atb_pair("cli_atb_tensor", tensor_row({1, 2, 3, 4.5F}), tensor_row({1, 2, 3, 4}));
    const auto r = run_msprobe(atb_args(pair), pair.dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    // -o omitted: ./output.
    const auto books = names_in(pair.dir / "output");
    REQUIRE(books.size() == 1);
    CHECK(std::regex_match(books[0], std::regex(R"(atb_tensor_compare_result_\d{14}\.xlsx)")));
    CHECK(r.out.find("[INFO] Complete ATB dump data comparison. Comparison result has been saved at " +
                     fs::canonical(pair.dir / "output" / books[0]).string() + "\n") != std::string::npos);
    const auto book = msprobe::report::read_xlsx((pair.dir / "output" / books[0]).string());
    REQUIRE(book.sheets.size() == 1);
    CHECK(book.sheets[0].name == "Sheet1");
    const auto& rows = book.sheets[0].rows;
    REQUIRE(rows.size() == 2);
    std::vector<std::string> cells;
    for (const auto& cell : rows[1]) cells.emplace_back(cell.text());
    // Cosine 32 / (sqrt(34.25) sqrt(30)) to 12 decimals; |n - b| = 0.5; 0.5 / 4; 3 of 4 below the thresholds;
    // Max, Min, Mean, Norm of each side in float32.
    CHECK(cells == std::vector<std::string>{"2_Prefill_layer/0_Linear/input.0",
                                            "2_Prefill_layer/0_Linear/input.0",
                                            "0_276107",
                                            "0_39943",
                                            "0",
                                            "0",
                                            "float",
                                            "float",
                                            "2*2",
                                            "2*2",
                                            "0.998295384125",
                                            "0.5",
                                            "0.5",
                                            "0.125",
                                            "0.75",
                                            "0.75",
                                            "4.5",
                                            "4.0",
                                            "1.0",
                                            "1.0",
                                            "2.625",
                                            "2.5",
                                            "5.852349758148193",
                                            "5.4772257804870605"});
}

TEST_CASE("atb via the binary: a stats compare into -o", "[cli][atb_compare]") {
    const auto pair = atb_pair("cli_atb_stats", stats_row({"0.582031", "-0.00132", "0.28355", "17.01721"}),
                               stats_row({"0.5", "-0.00132", "0.28355", "17.01721"}));
    const auto r = run_msprobe(atb_args(pair, {"-o", "out", "-j", "2"}), pair.dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const fs::path book = output_named(pair.dir / "out", "atb_stats_compare_result_");
    REQUIRE_FALSE(book.empty());
    const auto rows = msprobe::report::read_xlsx(book.string()).sheets.at(0).rows;
    REQUIRE(rows.size() == 2);
    CHECK(rows[0][10].text() == "Max Diff");
    // 0.582031 - 0.5 in binary64, and |diff / 0.5 * 100|, as Python's str() writes them.
    CHECK(rows[1][10].text() == "0.08203099999999997");
    CHECK(rows[1][14].text() == "16.40619999999999");
    CHECK(rows[1][18].text() == "0.582031");
}

TEST_CASE("atb via the binary: bad input exits 1 with one line, writing nothing", "[cli][atb_compare]") {
    const auto mixed = atb_pair("cli_atb_mixed", tensor_row({1}), stats_row({"1", "1", "1", "1"}));
    auto r = run_msprobe(atb_args(mixed, {"-o", "out"}), mixed.dir);
    CHECK(r.exit_code == 1);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find("msprobe compare: error: " + mixed.target + "/statistic.csv: is a tensor dump") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(mixed.dir / "out"));
    // msprobe's way: its error line, exit 0, nothing written.
    r = run_msprobe(atb_args(mixed, {"-o", "out", "--strict_compat"}), mixed.dir);
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("[ERROR] Unvalid ATB dump data\n") != std::string::npos);
    CHECK_FALSE(fs::exists(mixed.dir / "out"));

    const auto damaged = atb_pair("cli_atb_damaged", tensor_row({1, 2}), tensor_row({1, 2}));
    const std::string bin = damaged.golden + "/2_Prefill_layer/0_Linear/before/intensor0.bin";
    write_file(damaged.dir / bin, "dtype=0\ndims=3\n$End=1\n" + std::string(8, '\0'));
    r = run_msprobe(atb_args(damaged, {"-o", "out"}), damaged.dir);
    CHECK(r.exit_code == 1);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find(bin + ": dims [3] do not hold its 2 elements") != std::string::npos);
    CHECK_FALSE(fs::exists(damaged.dir / "out"));
    r = run_msprobe(atb_args(damaged, {"-o", "out", "--strict_compat"}), damaged.dir);
    CHECK(r.exit_code == 0);
    CHECK(std::regex_match(output_named(damaged.dir / "out", "atb_tensor_compare_result_").filename().string(),
                           std::regex(R"(atb_tensor_compare_result_\d{14}\.xlsx)")));

    r = run_msprobe(atb_args(damaged, {"-o", "gated", "--fail-on", "error"}), damaged.dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("--fail-on: compare -m atb writes no Result column") != std::string::npos);
    CHECK_FALSE(fs::exists(damaged.dir / "gated"));

    r = run_msprobe({"compare", "-m", "atb", "-tp", damaged.target + "/statistic.csv", "-gp",
                     damaged.golden + "/statistic.csv", "-o", "files"},
                    damaged.dir);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("is a file; -tp and -gp must each name an ATB execution-round folder") != std::string::npos);
    r = run_msprobe({"compare", "-m", "atb", "-tp", damaged.target + "/statistic.csv", "-gp",
                     damaged.golden + "/statistic.csv", "-o", "files", "--strict_compat"},
                    damaged.dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("[WARNING] Comparison between ATB data files is not yet supported\n") != std::string::npos);
    CHECK_FALSE(fs::exists(damaged.dir / "files"));
}
