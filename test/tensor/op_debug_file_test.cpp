// Op-debug status records of both layouts, built word by word.
#include <catch2/catch.hpp>

#include "bin_test_support.hpp"
#include "tensor/op_debug_file.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

OpDebugRecord decode(const Bytes& record) { return decode_op_debug_record(record, "op"); }

}  // namespace

TEST_CASE("new-layout AI Core records, status of one word or (version 1) four", "[bin_dump]") {
    const std::vector<std::uint64_t> words{0, 3, 7, 0, 0, 0, 0x1234a000, 0x5678b000, 3, 12, 0x10};
    const auto v0 = decode(new_op_debug_record(0, 0, words));
    REQUIRE(v0.blocks.size() == 1);
    CHECK(v0.blocks[0].kind == "AIC");
    CHECK(v0.blocks[0].value("task_id") == 7U);
    CHECK(v0.blocks[0].value("stream_id") == 3U);
    CHECK(v0.blocks[0].overflowed());
    CHECK(json::parse(op_debug_json(v0).dump())["acc_list"]["data"]["status"] == 16);
    auto v1_words = words;
    v1_words.insert(v1_words.end(), {0, 0, 0});
    const auto v1 = op_debug_json(decode(new_op_debug_record(1, 1, v1_words)));
    CHECK(v1["acc_list"]["acc_type"] == "AIV");
    CHECK(v1["acc_list"]["data"]["status"] == json::array({16, 0, 0, 0}));
    CHECK(v1["acc_list"]["data"]["pc_start"] == "0x1234a000");
    CHECK(v1["magic"] == "0x5a5a5a5a");
}

TEST_CASE("new-layout AI CPU and SDMA records", "[bin_dump]") {
    const auto cpu = decode(new_op_debug_record(0, 2, {1, 2, 3, 0, 0, 6, 7, 0}));
    CHECK(cpu.blocks[0].kind == "AICPU");
    CHECK(cpu.blocks[0].value("cpu_id") == 6U);
    CHECK(cpu.blocks[0].value("thread_id") == 7U);
    CHECK_FALSE(cpu.blocks[0].overflowed());
    const auto sdma = op_debug_json(decode(new_op_debug_record(0, 3, {1, 2, 3, 0, 0, 0, 0xa0, 0xb0, 4, 9})));
    CHECK(sdma["acc_list"]["data"]["dst_addr"] == "0xb0");
    CHECK(sdma["acc_list"]["data"]["channel_id"] == 4);
    CHECK(sdma["acc_list"]["data"]["status"] == 9);
}

TEST_CASE("short records and unknown acc types are refused", "[bin_dump]") {
    CHECK_THROWS_WITH(decode(new_op_debug_record(1, 0, {1, 2, 3})),
                      Contains("E_SIZE_MISMATCH: an AIC op-debug record needs 136 bytes"));
    CHECK_THROWS_WITH(decode(new_op_debug_record(0, 7, {})), Contains("E_UNSUPPORTED: op-debug acc_type 7"));
    CHECK_THROWS_WITH(decode(bytes_of_codes({0x5A, 0x5A, 0x5A, 0x5A, 0})), Contains("E_SIZE_MISMATCH"));
    CHECK_THROWS_WITH(decode(Bytes(100)),
                      Contains("E_SIZE_MISMATCH: an old-layout op-debug record has 2048 bytes, this one 100"));
}

TEST_CASE("old-layout records have three blocks", "[bin_dump]") {
    const auto record = decode(old_op_debug_record(3, 9, 0x80));
    CHECK(record.layout == OpDebugLayout::Old);
    REQUIRE(record.blocks.size() == 3);
    CHECK_FALSE(record.blocks[0].overflowed());
    CHECK(record.blocks[2].overflowed());
    CHECK(record.blocks[2].value("task_id") == 9U);
    const auto text = op_debug_json(record);
    CHECK(text["AI Core"]["kernel_code"] == "0x1f2e");
    CHECK(text["AI Core"]["block_idx"] == 5);
    CHECK(text["AI Core"]["status"] == 128);
    CHECK(text["DHA Atomic Add"]["pc_start"] == "0x0");
}

TEST_CASE("an op-debug dump's record is its output 0", "[bin_dump]") {
    const auto words = std::vector<std::uint64_t>{0, 3, 7, 0, 0, 0, 1, 2, 3, 12, 0x10};
    const auto record = new_op_debug_record(0, 0, words);
    const auto dump = read_bin_bytes(encode_bin_dump(one_output(4, {record.size()}, record)),
                                     "Opdebug.Node_OpDebug.7.3.1700000000008010");
    REQUIRE(dump.parsed_name);
    CHECK(dump.parsed_name->is_op_debug());
    CHECK(read_op_debug_record(dump).blocks[0].value("task_id") == 7U);
    BinDumpSpec empty;
    CHECK_THROWS_WITH(read_op_debug_record(read_bin_bytes(encode_bin_dump(empty))), Catch::Contains("no output 0"));
}
