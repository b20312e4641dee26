// A pair read back from its files a chunk at a time (StreamedPair) gives the
// rows of the pair held whole, whatever the files' layout: a BOM, escaped
// keys, entries without rows, rows sharing a name, bench entries in another
// order or missing, and any chunk size.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "compare/chunked_result.hpp"
#include "compare/compare_pair.hpp"
#include "compare/streamed_pair.hpp"
#include "dump/located_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

namespace {

std::string tensor(const char* dtype, const char* shape, double max, double min) {
    return fmt::format(R"({{"type": "torch.Tensor", "dtype": "{}", "shape": {}, "Max": {}, "Min": {}, "Mean": {},
                          "Norm": {}, "requires_grad": false}})",
                       dtype, shape, max, min, (max + min) / 2, max * 3);
}

std::string dump_text(const std::string& entries, const char* bom = "") {
    return std::string(bom) + R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null,
  "data": {)" + entries + "}}";
}

std::string entry(const std::string& name, const std::string& inputs, const std::string& outputs) {
    return fmt::format(R"("{}": {{"input_args": [{}], "input_kwargs": {{}}, "output": [{}]}})", name, inputs, outputs);
}

PairInput write_pair(const std::string& name, const std::string& npu, const std::string& bench) {
    PairInput input;
    input.npu_json = testing::scratch_file("streamed_pair_" + name + "_npu", "dump.json", npu);
    input.bench_json = testing::scratch_file("streamed_pair_" + name + "_bench", "dump.json", bench);
    return input;
}

// Every row, cell and fill of the streamed result equals the held one's, for chunks of 1, 2, 3 and 1000 rows.
void check_streamed_equals_held(const PairInput& input, std::size_t expected_rows) {
    CompareOptions options;
    options.highlight = true;
    ThreadPool pool(2);
    const MatchedPair matched = match_pair(input, options, pool);
    REQUIRE(matched.pairs.size() == expected_rows);
    for (std::size_t chunk_rows : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{1000}}) {
        CAPTURE(chunk_rows);
        HeldPairRows held(matched);
        StreamedPair streamed(input, pool);
        CHECK(streamed.mode() == matched.mode);
        ChunkedResult held_chunks(held, options, pool, false, true, chunk_rows);
        ChunkedResult streamed_chunks(streamed, options, pool, false, true, chunk_rows);
        REQUIRE(streamed_chunks.size() == expected_rows);
        CHECK(streamed_chunks.header() == held_chunks.header());
        for (std::size_t r = 0; r < expected_rows; ++r) {
            CAPTURE(r);
            const auto expected_row = held_chunks.row(r);
            const auto expected_fill = held_chunks.fill(r);
            CHECK(streamed_chunks.row(r) == expected_row);
            CHECK(streamed_chunks.fill(r) == expected_fill);
        }
    }
}

}  // namespace

TEST_CASE("a streamed pair gives the held pair's rows", "[compare][streamed_pair]") {
    const std::string a = tensor("torch.float32", "[2, 2]", 1.0, -1.0);
    const std::string b = tensor("torch.float32", "[2, 2]", 1.5, -1.0);
    const std::string c = tensor("torch.float16", "[4]", 2.0, 0.0);
    const std::string npu = dump_text(
        entry(R"(Functional.linear\u002e0.0.forward)", a, b) + ",\n  " +
            R"("Module.empty.Empty.forward.0": {},)" + "\n" +
            // a kwarg named "0" gives a second row named input.0: rows sharing a name
            R"("Functional.add.0.forward": {"input_args": [)" + a + R"(], "input_kwargs": {"0": )" + b +
            R"(}, "output": [)" + c + "]},\n" + entry("Functional.npu_only.0.forward", a, a) + ",\n" +
            entry("Torch.matmul.0.forward", a + ", " + c, b),
        "\xEF\xBB\xBF");
    // Bench: other order, other whitespace, a bench-only entry, a shape that differs, a row name shared.
    const std::string bench = dump_text(
        entry("Torch.matmul.0.forward", b + ",\n\n" + c, a) + "," + entry("Functional.bench_only.0.forward", a, a) +
        "  ,  " + R"("Functional.add.0.forward": {"input_args": [)" + b + R"(], "input_kwargs": {"0": )" + a +
        R"(}, "output": [)" + tensor("torch.float16", "[5]", 2.0, 0.0) + "]}," +
        entry(R"(Functional.linear\u002e0.0.forward)", b, a) + ",\"Module.empty.Empty.forward.0\":{}");
    // linear: 2 rows; add: input.0 twice on both sides (2 × 2 pairs) + output = 5; npu_only: 2; matmul: 3.
    check_streamed_equals_held(write_pair("layouts", npu, bench), 2 + 5 + 2 + 3);
}

TEST_CASE("a streamed pair over a generated pair with differences gives the held rows", "[compare][streamed_pair]") {
    // The generated pairs of chunked_result_test run the same check at scale; here a pair with no bench at all.
    const std::string a = tensor("torch.float32", "[3]", 1.0, 0.0);
    const std::string npu = dump_text(entry("Functional.relu.0.forward", a, a) + "," +
                                      entry("Functional.relu.1.forward", a, a));
    const std::string bench = dump_text("");
    check_streamed_equals_held(write_pair("no_bench", npu, bench), 4);
}

TEST_CASE("a dump.json rewritten after it was located does not change the result", "[compare][streamed_pair]") {
    // Its rows were spilled as it was read: the file is read once.
    const std::string a = tensor("torch.float32", "[3]", 1.0, 0.0);
    const PairInput input = write_pair("changed", dump_text(entry("Functional.relu.0.forward", a, a)),
                                       dump_text(entry("Functional.relu.0.forward", a, a)));
    CompareOptions options;
    ThreadPool pool(1);
    StreamedPair streamed(input, pool);
    {
        std::string text = dump_text(entry("Functional.relu.0.forward", a, a));
        text.replace(text.find("relu"), 4, "gelu");
        std::ofstream(input.npu_json, std::ios::binary | std::ios::trunc) << text;
    }
    ChunkedResult chunks(streamed, options, pool, false, false);
    REQUIRE(chunks.size() == 2);
    CHECK(chunks.row(0)[0].text() == "Functional.relu.0.forward.input.0");
    CHECK(chunks.row(1)[0].text() == "Functional.relu.0.forward.output.0");
}

TEST_CASE("entries are located where their text lies", "[compare][streamed_pair]") {
    const std::string a = tensor("torch.float32", "[3]", 1.0, 0.0);
    const fs::path path = testing::scratch_file(
        "located_dump", "dump.json",
        dump_text(entry("A.0.forward", a, a) + " , \"B.0.forward\": {}, " + entry("C.0.forward", a, a),
                  "\xEF\xBB\xBF"));
    const dump::LocatedDump located = dump::locate_dump(path);
    REQUIRE(located.entries() == 3);
    CHECK(located.rows.size() == 4);
    CHECK(located.entry_first_row == std::vector<std::uint32_t>{0, 2, 2, 4});
    CHECK(located.entry_of_row(1) == 0);
    CHECK(located.entry_of_row(2) == 2);  // B has no rows
    CHECK(located.rows[0].name == dump::name_digest("A.0.forward.input.0"));
    CHECK(located.rows[3].name == dump::name_digest("C.0.forward.output.0"));
    CHECK(located.rows[3].shape == "[3]");
    CHECK(located.rows[3].dtype == "torch.float32");
    dump::DumpFile back;
    located.read_back(1, 3, back);
    CHECK(back.api_names == std::vector<std::string>{"B.0.forward", "C.0.forward"});
    REQUIRE(back.rows.size() == 2);
    CHECK(back.rows[0].name == "C.0.forward.input.0");
    CHECK(back.rows[0].api_index == 1);
    CHECK(back.task == "statistics");
}
