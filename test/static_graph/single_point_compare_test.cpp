// MindSpore static-graph single-point compare (spec compare.md §13.2): the
// §15.10 vectors and the constructed example's result.csv bytes, on trees
// written with the project's .npy writer.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "compare_request/compare_request.hpp"
#include "static_graph/single_point_compare.hpp"
#include "report/csv_reader.hpp"
#include "support/file_text.hpp"
#include "support/kernel_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct Trees {
    fs::path npu;
    fs::path bench;
    fs::path out;
};

Trees trees(const std::string& name) {
    const fs::path root = testing::scratch_dir("single_point_" + name);
    for (const char* sub : {"npu/step0/rank0", "bench/step0/rank0", "npu/rank0", "bench/rank0"}) {
        fs::create_directories(root / sub);
    }
    return {root / "npu", root / "bench", root / "out"};
}

void run_single_point(const Trees& t, const std::string& map_dict = "") {
    std::string members = R"("common": true)";
    if (!map_dict.empty()) members += R"(, "map_dict": )" + map_dict;
    testing::write_static_graph_compare_json(t.out.parent_path() / "compare.json", t.npu, t.bench, members);
    compare::CompareOptions options;
    options.input_path = t.out.parent_path() / "compare.json";
    options.output_dir = t.out;
    ThreadPool pool(2);
    static_graph::run_single_point_compare(
        std::get<compare::SinglePointDirs>(compare::read_compare_request(options.input_path)), options, pool);
}

// The Name column of a result.csv.
std::vector<std::string> names(const fs::path& csv) {
    std::vector<std::string> out;
    const auto records = report::read_csv_records(csv.string());
    for (std::size_t i = 1; i < records.size(); ++i) out.push_back(records[i].at(0));
    return out;
}

const char* const kHeader =
    "Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,Cosine,EucDist,MaxAbsErr,MaxRelativeErr,"
    "One Thousandth Err Ratio,Five Thousandths Err Ratio,NPU max,NPU min,NPU mean,NPU l2norm,Bench max,Bench min,"
    "Bench mean,Bench l2norm,Accuracy Reached or Not,Err_message,Data_name\n";

}  // namespace

TEST_CASE("single-point compare: the §13.2 example's result.csv bytes", "[single_point]") {
    const Trees t = trees("example");
    testing::write_npy_f32(t.npu / "step0/rank0/x_float32_0.npy", {3}, {1, 2, 3});
    testing::write_npy_f32(t.bench / "step0/rank0/x_float32_0.npy", {3}, {1, 2, 3.5f});
    run_single_point(t);
    const fs::path csv = t.out / "step0/rank0/result.csv";
    REQUIRE(fs::exists(csv));
    const std::string expected_row =
        "x_0,float32,float32,\"(3,)\",\"(3,)\",0.997408650736,0.5,0.5,0.142857149243,0.666666666667,0.666666666667,"
        "3.0,1.0,2.0,3.7416575,3.5,1.0,2.1666667,4.1533117,Yes,,\"['" +
        (t.npu / "step0/rank0/x_float32_0.npy").string() + "', '" + (t.bench / "step0/rank0/x_float32_0.npy").string() +
        "']\"\n";
    CHECK(testing::read_file_text(csv) == kHeader + expected_row);
    CHECK((fs::status(csv).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write |
                                                                fs::perms::group_read));
    CHECK_FALSE(fs::exists(t.out / "step0/result.csv"));
}

TEST_CASE("single-point compare: §15.10 vectors", "[single_point]") {
    SECTION("flat pairs, sorted by their counter") {
        const Trees t = trees("flat");
        for (const auto& root : {t.npu, t.bench}) {
            for (int i : {1, 0})
                testing::write_npy_f32(root / ("x_float32_" + std::to_string(i) + ".npy"), {2}, {1, 2});
        }
        run_single_point(t);
        CHECK(names(t.out / "result.csv") == std::vector<std::string>{"x_0", "x_1"});
    }
    SECTION("nested directory") {
        const Trees t = trees("nested");
        testing::write_npy_f32(t.npu / "rank0/y_float32_0.npy", {2}, {1, 2});
        testing::write_npy_f32(t.bench / "rank0/y_float32_0.npy", {2}, {1, 2});
        run_single_point(t);
        CHECK(names(t.out / "rank0/result.csv") == std::vector<std::string>{"y_0"});
        CHECK_FALSE(fs::exists(t.out / "result.csv"));
    }
    SECTION("map_dict") {
        const Trees t = trees("map_dict");
        testing::write_npy_f32(t.npu / "a_float32_0.npy", {2}, {1, 2});
        testing::write_npy_f32(t.bench / "b_float32_0.npy", {2}, {1, 2});
        run_single_point(t, R"({"a": "b"})");
        CHECK(names(t.out / "result.csv") == std::vector<std::string>{"a_0"});
    }
    SECTION("100 pairs in counter order") {
        const Trees t = trees("hundred");
        std::vector<std::string> expected;
        for (int i = 0; i < 100; ++i) {
            const std::string file = "data_float32_" + std::to_string(i) + ".npy";
            testing::write_npy_f32(t.npu / file, {1}, {static_cast<float>(i)});
            testing::write_npy_f32(t.bench / file, {1}, {static_cast<float>(i)});
            expected.push_back("data_" + std::to_string(i));
        }
        run_single_point(t);
        CHECK(names(t.out / "result.csv") == expected);
    }
    SECTION("empty directories: no output") {
        const Trees t = trees("empty");
        fs::create_directories(t.npu / "step0");
        fs::create_directories(t.bench / "step0");
        run_single_point(t);
        CHECK((!fs::exists(t.out) || fs::is_empty(t.out)));
    }
    SECTION("the common key wins over a map_dict entry naming the full stem") {
        const Trees t = trees("dtype_key");
        testing::write_npy_f32(t.npu / "type_float32_0.npy", {2}, {1, 2});
        const std::vector<double> values = {1, 2};
        testing::write_npy(t.bench / "type_float64_0.npy", tensor::DType::Float64, {2}, testing::bytes_of(values));
        run_single_point(t, R"({"type_float32": "type_float64"})");
        const auto records = report::read_csv_records((t.out / "result.csv").string());
        REQUIRE(records.size() == 2);
        CHECK(records[1][0] == "type_0");
        CHECK(records[1][1] == "float32");
        CHECK(records[1][2] == "float64");
        CHECK(records[1][20] == "Dtype of NPU and bench tensor do not match.");
    }
}

TEST_CASE("single-point compare: keys without a counterpart are skipped", "[single_point]") {
    const Trees t = trees("skip");
    testing::write_npy_f32(t.npu / "lonely_float32_0.npy", {2}, {1, 2});
    testing::write_npy_f32(t.npu / "z_grad_float32_0.npy", {2}, {1, 2});
    testing::write_npy_f32(t.bench / "z_grad_float32_0.npy", {2}, {1, 4});
    testing::write_npy_f32(t.npu / "ab.npy", {2}, {1, 2});  // fewer than three fields: not a dump file
    run_single_point(t);
    CHECK(names(t.out / "result.csv") == std::vector<std::string>{"z_grad_0"});
    CHECK(static_graph::single_point_key("z_grad_float32_0") == "z_grad");
    CHECK(static_graph::single_point_key("input_float32_1") == "input");
    CHECK_FALSE(static_graph::single_point_key("x_0"));
}

TEST_CASE("single-point compare: float16 statistics and shape mismatch", "[single_point]") {
    const Trees t = trees("float16");
    testing::write_npy_f16(t.npu / "h_float16_0.npy", {2, 2}, {0.1f, 30, 30, 30});
    testing::write_npy_f16(t.bench / "h_float16_0.npy", {2, 2}, {0.1f, 30, 30, 30});
    testing::write_npy_f32(t.npu / "s_float32_0.npy", {2}, {1, 2});
    testing::write_npy_f32(t.bench / "s_float32_0.npy", {1, 2}, {1, 2});
    run_single_point(t);
    const auto records = report::read_csv_records((t.out / "result.csv").string());
    REQUIRE(records.size() == 3);
    CHECK(records[1][0] == "h_0");
    CHECK(records[1][3] == "(2, 2)");
    // float16's shortest digits: max, min, the float32-accumulated mean and the norm rounded to float16.
    CHECK(records[1][11] == "30.0");
    CHECK(records[1][12] == "0.1");
    CHECK(records[1][13] == "22.53");
    CHECK(records[1][14] == "51.97");
    CHECK(records[2][0] == "s_0");
    CHECK(records[2][5] == "shape unmatched");
    CHECK(records[2][19] == "Unmatched");
    CHECK(records[2][20] == "Shape of NPU and bench tensor do not match. Skipped.");
}

TEST_CASE("single-point compare: an unreadable .npy names the file and writes no result.csv", "[single_point]") {
    const Trees t = trees("unreadable");
    testing::write_npy_f32(t.npu / "rank0/x_float32_0.npy", {2}, {1, 2});
    testing::write_npy_f32(t.bench / "rank0/x_float32_0.npy", {2}, {1, 2});
    testing::write_npy_f32(t.npu / "step0/rank0/y_float32_0.npy", {2}, {1, 2});
    { std::ofstream(t.bench / "step0/rank0/y_float32_0.npy") << "not a numpy file"; }
    try {
        run_single_point(t);
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("y_float32_0.npy") != std::string::npos);
        CHECK(e.exit_code() == 2);
    }
    CHECK_FALSE(fs::exists(t.out / "rank0/result.csv"));
    CHECK_FALSE(fs::exists(t.out / "step0/rank0/result.csv"));
}
