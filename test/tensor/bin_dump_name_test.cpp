// Kernel dump file names and their mapping.csv resolution.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/bin_dump_name.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using Catch::Matchers::Contains;

TEST_CASE("5-field kernel dump names", "[bin_dump]") {
    const auto name = parse_bin_dump_name("TransData.trans_TransData_1.33.0.1675157077162791");
    CHECK(name.op_type == "TransData");
    CHECK(name.op_name == "trans_TransData_1");
    CHECK(name.task_id == 33);
    CHECK(name.stream_id == 0U);
    CHECK(name.timestamp == 1675157077162791U);
    CHECK_FALSE(name.extended);
    CHECK_FALSE(name.is_op_debug());
}

TEST_CASE("4-field names have no stream id", "[bin_dump]") {
    const auto name = parse_bin_dump_name("Conv2D.conv-1.7.1700000000000001");
    CHECK_FALSE(name.stream_id);
    CHECK(name.task_id == 7);
    CHECK(name.timestamp == 1700000000000001U);
}

TEST_CASE("extended names carry task type, context and thread", "[bin_dump]") {
    const auto name = parse_bin_dump_name("Mul.ffts_mul.4.9.1700000000005000.4.2.1.0");
    REQUIRE(name.extended);
    CHECK(name.extended->task_type == 4);
    CHECK(name.extended->context_id == 2);
    CHECK(name.extended->thread_id == 1);
    CHECK(name.extended->last == 0);
}

TEST_CASE("op-debug names take up to four more numbers", "[bin_dump]") {
    const auto plain = parse_bin_dump_name("Opdebug.Node_OpDebug.7.3.1700000000008010");
    CHECK(plain.is_op_debug());
    CHECK(plain.extra.empty());
    const auto longer = parse_bin_dump_name("Opdebug.Node_OpDebug.7.3.1700000000008010.1.2");
    CHECK(longer.extra == std::vector<std::uint64_t>{1, 2});
    CHECK_THROWS_WITH(parse_bin_dump_name("Opdebug.Node_OpDebug.7.3.1.1.2.3.4.5"), Contains("E_BAD_NAME: 10"));
}

TEST_CASE("names outside the grammar are E_BAD_NAME", "[bin_dump]") {
    CHECK_THROWS_WITH(parse_bin_dump_name("Add.add.1.2.3.4"), Contains("E_BAD_NAME: 6 dot-separated fields"));
    CHECK_THROWS_WITH(parse_bin_dump_name("Add.a/b.1.2.3"), Contains("E_BAD_NAME: field 2 'a/b'"));
    CHECK_THROWS_WITH(parse_bin_dump_name("Add.add.x.2.3"), Contains("E_BAD_NAME: field 3 'x'"));
    CHECK_THROWS_WITH(parse_bin_dump_name("Add.add.1.2.99999999999999999999"), Contains("E_BAD_NAME: field 5"));
    CHECK_THROWS_WITH(parse_bin_dump_name("1700000000123456789"), Contains("E_BAD_NAME: 1 dot-separated"));
    try {
        (void)parse_bin_dump_name("Add..1.2.3");
    } catch (const Error& error) {
        CHECK(error.file() == "Add..1.2.3");
    }
}

TEST_CASE("digit-only names resolve through mapping.csv", "[bin_dump]") {
    CHECK(is_mapped_short_name("1700000000123456789"));
    CHECK(is_mapped_short_name("17.npy"));
    CHECK_FALSE(is_mapped_short_name("17.bin"));
    CHECK_FALSE(is_mapped_short_name(".npy"));
    const auto folder = testing::scratch_dir("bin_dump_name");
    testing::write_file(folder / "mapping.csv",
                        "123,Cast.very_long.60.2.1700000000006000\r\n"
                        "bad line without comma\n"
                        "456,a,b\n"
                        "\n"
                        "789.npy,Cast.other.1.2.1700000000006001.output.0.npy\n");
    std::vector<std::string> warnings;
    const auto mapping = read_dump_mapping(folder, warnings);
    CHECK(mapping.size() == 2);
    CHECK(warnings.size() == 2);
    CHECK_THAT(warnings[0], Catch::Contains("line 2 has 1 columns, not 2; skipped"));
    warnings.clear();
    CHECK(resolved_dump_name(folder / "123", warnings) == "Cast.very_long.60.2.1700000000006000");
    CHECK(resolved_dump_name(folder / "999", warnings) == "999");
    CHECK(resolved_dump_name(folder / "Add.add.1.2.3", warnings) == "Add.add.1.2.3");
    CHECK(resolved_dump_name(testing::scratch_dir("no_mapping") / "123", warnings) == "123");
}

TEST_CASE("dump_file_name: a file's parsed name through mapping.csv, none outside the grammar", "[bin_dump]") {
    const auto dir = testing::scratch_dir("bin_dump_file_name");
    testing::write_file(dir / "mapping.csv", "123,Cast.cast_long.60.2.1700000000006000\n");
    std::vector<std::string> warnings;
    const auto mapped = dump_file_name(dir / "123", warnings);
    REQUIRE(mapped);
    CHECK(mapped->op_type == "Cast");
    CHECK(mapped->task_id == 60);
    CHECK(dump_file_name(dir / "Opdebug.Node_OpDebug.7.3.1700000000008010", warnings)->is_op_debug());
    CHECK_FALSE(dump_file_name(dir / "notes.txt", warnings));
    CHECK_FALSE(dump_file_name(dir / "456", warnings));  // digits mapping.csv does not list
    CHECK(warnings.empty());
}

TEST_CASE("DumpNameResolver reads a folder's mapping.csv once, and reports its bad rows once", "[bin_dump]") {
    const auto dir = testing::scratch_dir("bin_dump_resolver");
    testing::write_file(dir / "mapping.csv", "123,Cast.cast_long.60.2.1700000000006000\nbroken row\n");
    DumpNameResolver names;
    std::vector<std::string> warnings;
    CHECK(names.resolved(dir / "123", warnings) == "Cast.cast_long.60.2.1700000000006000");
    CHECK(warnings.size() == 1);
    // Rewritten behind its back, the folder is still the one the resolver read first.
    testing::write_file(dir / "mapping.csv",
                        "123,Relu.relu_0.1.2.1700000000000001\n456,Add.add_0.2.2.1700000000000002\n");
    CHECK(names.resolved(dir / "123", warnings) == "Cast.cast_long.60.2.1700000000006000");
    CHECK(names.parsed(dir / "456", warnings) == std::nullopt);
    CHECK(names.resolved(dir / "Relu.relu_0.1.2.1700000000000001", warnings) == "Relu.relu_0.1.2.1700000000000001");
    CHECK(warnings.size() == 1);
    // A new resolver (and the one-file lookup) reads the file as it is now.
    CHECK(DumpNameResolver().parsed(dir / "456", warnings)->op_name == "add_0");
    CHECK(resolved_dump_name(dir / "123", warnings) == "Relu.relu_0.1.2.1700000000000001");
}
