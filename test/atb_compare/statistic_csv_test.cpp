// statistic.csv read as atb_data_compare.py's get_comparison_mode and
// get_stats_map read it; the skipped-row csv is msprobe's own test
// (test_get_stats_map).
#include <catch2/catch.hpp>

#include "atb_compare/statistic_csv.hpp"
#include "common/error.hpp"
#include "support/atb_dump_writer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::testing;

namespace {

// A round folder whose statistic.csv is the header and `records`.
fs::path round_with(const std::string& name, const std::string& records) {
    const fs::path dir = scratch_dir("atb_csv_" + name);
    write_file(dir / "statistic.csv", atb_statistic_header() + "\n" + records);
    return dir;
}

std::vector<std::string> names(const atb::StatisticCsv& csv) {
    std::vector<std::string> out;
    for (const auto& row : csv.rows) out.push_back(row.data_name);
    return out;
}

std::string refusal(const fs::path& dir) {
    try {
        (void)atb::read_statistic_csv(dir, atb::RowRule::Refuse);
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "statistic.csv").string());
        return e.reason();
    }
    FAIL("no refusal");
    return {};
}

// msprobe's test csv: records 2 (14 fields), 3 (a Tensor Path that is not four folders below
// atb_dump_data) and 4 (one id for two names) are skipped.
const char* const kMsprobeRecords =
    "Device and PID1,Execution Count1,name1/name1,Op Type1,1_1,Input/Output1,Index1,Dtype1,Format1,Shape1,Max1,"
    "Min1,Mean1,Norm1\n"
    "Device and PID2,Execution Count2,name2/name2,Op Type2,2_2,Input/Output2,Index2,Dtype2,Format2,Shape2,Max2,"
    "Min2,Mean2,Norm2,/root/atb_dump_data/Tensor Path\n"
    "Device and PID3,Execution Count3,name3/name3,Op Type3,3,Input/Output3,Index3,Dtype3,Format3,Shape3,Max3,Min3,"
    "Mean3,Norm3,N/A\n"
    "Device and PID4,Execution Count4,name4/name4,Op Type4,4_4,Input/Output4,Index4,Dtype4,Format4,Shape4,Max4,"
    "Min4,Mean4,Norm4,N/A\n"
    "Device and PID5,Execution Count5,name5/name5,Op Type5,5_5,Input/Output5,Index5,Dtype5,Format5,Shape5,Max5,"
    "Min5,Mean5,Norm5,/root/atb_dump_data/data/0_2525/5/5_Prefill_layer/before/intensor0.bin\n";

}  // namespace

TEST_CASE("atb statistic.csv: msprobe's rows, names and paths", "[atb_compare]") {
    const fs::path dir = round_with("msprobe", kMsprobeRecords);
    const auto csv = atb::read_statistic_csv(dir, atb::RowRule::Skip);
    // Mode: the first row's last field is "Norm1", not N/A.
    CHECK(csv.mode == atb::DumpMode::Tensor);
    REQUIRE(names(csv) ==
            std::vector<std::string>{"4_name4/4_name4/Input/Output4.Index4", "5_name5/5_name5/Input/Output5.Index5"});
    const auto& four = csv.rows[0];
    CHECK(four.device_and_pid == "Device and PID4");
    CHECK(four.execution_count == "Execution Count4");
    CHECK(four.dtype == "Dtype4");
    CHECK(four.shape == "Shape4");
    CHECK(four.statistics == std::array<std::string, 4>{"Max4", "Min4", "Mean4", "Norm4"});
    CHECK(four.tensor_path == "N/A");
    CHECK(four.record == 5);
    // The recorded path's folders below atb_dump_data/data/0_2525/5 joined onto the folder read.
    CHECK(csv.rows[1].tensor_path == (dir / "5_Prefill_layer/before/intensor0.bin").string());
    CHECK(refusal(dir) == "record 2: 14 fields where ATB writes 15");
}

TEST_CASE("atb statistic.csv: each skipped row is refused by default, naming it", "[atb_compare]") {
    const std::string good = "0_1,0,Prefill_layer,LinearOperation,2,input,0,float,nd,4,1,0,0.5,1,N/A\n";
    CHECK(refusal(round_with("levels", good + "0_1,0,a/b,T,3,input,0,float,nd,4,1,0,0.5,1,N/A\n")) ==
          "record 3: Op Name 'a/b' and Op Id '3' have different numbers of levels");
    CHECK(refusal(round_with("path", "0_1,0,a,T,3,input,0,float,nd,4,1,0,0.5,1,/dump/atb_dump_data/data/x.bin\n")) ==
          "record 2: Tensor Path '/dump/atb_dump_data/data/x.bin' does not lie in a round folder "
          "(atb_dump_data/data/<device_pid>/<round>/...)");
    CHECK(refusal(round_with("no_dump_dir", "0_1,0,a,T,3,input,0,float,nd,4,1,0,0.5,1,/dump/x/y/z/w/v.bin\n")) ==
          "record 2: Tensor Path '/dump/x/y/z/w/v.bin' does not lie in a round folder "
          "(atb_dump_data/data/<device_pid>/<round>/...)");
    const std::string tensor_row =
        "0_1,0,a,T,3,input,0,float,nd,4,N/A,N/A,N/A,N/A,/d/atb_dump_data/data/0_1/0/3_a/before/intensor0.bin\n";
    CHECK(refusal(round_with("tensor_na", tensor_row + "0_1,0,b,T,4,input,0,float,nd,4,N/A,N/A,N/A,N/A,N/A\n")) ==
          "record 3: Tensor Path N/A in a dump of tensors (its first row names a tensor file)");
}

TEST_CASE("atb statistic.csv: a Data Name given again replaces the row in its place", "[atb_compare]") {
    const fs::path dir = round_with("again",
                                    "0_1,0,a,T,1,input,0,float,nd,4,1,0,0,1,N/A\n"
                                    "0_1,0,b,T,2,input,0,float,nd,4,2,0,0,1,N/A\n"
                                    "0_1,7,a,T,1,input,0,float,nd,4,3,0,0,1,N/A\n");
    const auto csv = atb::read_statistic_csv(dir, atb::RowRule::Skip);
    CHECK(csv.mode == atb::DumpMode::Stats);
    REQUIRE(names(csv) == std::vector<std::string>{"1_a/input.0", "2_b/input.0"});
    // Python's dict keeps the key where it first came and takes the later value.
    CHECK(csv.rows[0].execution_count == "7");
    CHECK(csv.rows[0].statistics[0] == "3");
    CHECK(refusal(dir) == "record 4: Data Name '1_a/input.0' again (record 2)");
}

TEST_CASE("atb statistic.csv: the mode and a csv without rows", "[atb_compare]") {
    CHECK(atb::read_statistic_csv(round_with("header_only", ""), atb::RowRule::Refuse).mode == atb::DumpMode::Unknown);
    // get_comparison_mode looks at the first row's last field only, whatever its length.
    CHECK(atb::read_statistic_csv(round_with("short_first", "a,N/A\n"), atb::RowRule::Skip).mode ==
          atb::DumpMode::Stats);
    CHECK(atb::mode_name(atb::DumpMode::Stats) == "stats");
    CHECK(atb::mode_name(atb::DumpMode::Tensor) == "tensor");
    const fs::path none = scratch_dir("atb_csv_missing");
    CHECK_THROWS_AS(atb::read_statistic_csv(none, atb::RowRule::Skip), Error);
}

TEST_CASE("atb statistic.csv: the writer's rows read back", "[atb_compare]") {
    AtbRound round;
    round.device_and_pid = "1_2222";
    round.execution_count = 3;
    AtbTensorRow row;
    row.op_name = "Decoder/Attention/Softmax";
    row.op_id = "5_1_0";
    row.io = "output";
    row.index = 2;
    row.tensor = AtbTensorData{kAtbFloat32, {1}, std::vector<std::byte>(4)};
    round.rows = {row};
    const fs::path dir = write_atb_round(scratch_dir("atb_csv_writer"), round);
    const auto csv = atb::read_statistic_csv(dir, atb::RowRule::Refuse);
    REQUIRE(csv.rows.size() == 1);
    CHECK(csv.rows[0].data_name == "5_Decoder/1_Attention/0_Softmax/output.2");
    CHECK(csv.rows[0].tensor_path == (dir / "5_Decoder/1_Attention/0_Softmax/after/outtensor2.bin").string());
    CHECK(fs::is_regular_file(csv.rows[0].tensor_path));
}
