// ComputeElement's reading of records: arguments for torch and the recorded outputs.
#include <catch2/catch.hpp>

#include "dump/json_file.hpp"
#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/recorded_values.hpp"
#include "support/ms_checker_dump.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::ms_api_check;
using msprobe::testing::MsCheckerDump;
using Kind = msprobe::run_ut::PyValue::Kind;

TEST_CASE("recorded values: tensors at the recorded dtype, values as json.load gives them", "[ms_api_check]") {
    MsCheckerDump d(msprobe::testing::scratch_dir("ms_recorded_values"));
    // 1.00390625 is halfway between two bfloat16 values: rounding to even gives 1.0.
    d.forward("Mint.add.0.forward",
              {d.tensor("a.npy", {2}, {1.00390625f, 2.0f}, "BFloat16"), MsCheckerDump::value("int", 2),
               MsCheckerDump::value("float", 0.5), MsCheckerDump::value("mindspore.dtype", "Float16"),
               MsCheckerDump::value("slice", {1, nullptr}), nullptr,
               {MsCheckerDump::value("int", 1), MsCheckerDump::value("bool", true)}},
              {d.tensor("o.npy", {2}, {1.00390625f, 3.0f}, "BFloat16")});
    const auto path = d.write();
    const auto file = msprobe::dump::JsonFile::load(path);
    const auto entry = file.root().member("data").member("Mint.add.0.forward");
    const TensorLocations locations(path, (d.dir() / "dump_tensor_data").string());
    const RecordedValues values(locations);
    const auto args = entry.member("input_args");

    const auto t = values.argument(args.item(0));
    REQUIRE(t.kind == Kind::Tensor);
    CHECK(t.tensor.scalar_type() == at::kBFloat16);
    CHECK(t.tensor[0].item<float>() == 1.0f);
    CHECK(values.argument(args.item(1)).kind == Kind::Int);
    CHECK(values.argument(args.item(2)).real == 0.5);
    const auto dtype = values.argument(args.item(3));
    CHECK(dtype.kind == Kind::DType);
    CHECK(dtype.dtype == at::kHalf);
    const auto slice = values.argument(args.item(4));
    CHECK(slice.kind == Kind::Slice);
    CHECK(slice.items.size() == 3);
    CHECK(values.argument(args.item(5)).kind == Kind::None);
    const auto list = values.argument(args.item(6));
    REQUIRE(list.kind == Kind::List);
    CHECK(list.items[1].kind == Kind::Bool);

    const auto out = values.recorded(entry.member("output").item(0));
    CHECK(out.is_tensor());
    CHECK(out.dtype == "BFloat16");
    CHECK((out.shape == std::vector<std::int64_t>{2}));
    CHECK((out.values == std::vector<double>{1.0, 3.0}));  // mindspore.Tensor(ndarray, dtype=bfloat16) first
    CHECK(values.recorded(args.item(1)).dtype == "int");
    CHECK(values.recorded(args.item(6)).dtype == "tuple");
}

TEST_CASE("recorded values: msprobe's sentences for records it refuses", "[ms_api_check]") {
    MsCheckerDump d(msprobe::testing::scratch_dir("ms_recorded_refusals"));
    nlohmann::ordered_json bad_dtype = d.tensor("a.npy", {1}, {1.0f});
    bad_dtype["dtype"] = "Float8";
    nlohmann::ordered_json no_name = d.tensor("b.npy", {1}, {1.0f});
    no_name.erase("data_name");
    nlohmann::ordered_json uint16 = d.tensor("c.npy", {1}, {1.0f});
    uint16["dtype"] = "UInt16";
    d.forward("Mint.x.0.forward",
              {bad_dtype, no_name, MsCheckerDump::value("NoneType", nullptr), MsCheckerDump::value("int", nullptr), 5,
               uint16, d.tensor("missing.npy", {1}, {1.0f})},
              nlohmann::ordered_json::array());
    std::filesystem::remove(d.dir() / "dump_tensor_data/missing.npy");
    const auto path = d.write();
    const auto file = msprobe::dump::JsonFile::load(path);
    const auto args = file.root().member("data").member("Mint.x.0.forward").member("input_args");
    const TensorLocations locations(path, (d.dir() / "dump_tensor_data").string());
    const RecordedValues values(locations);
    const std::string parse = "[msprobe] Api Accuracy Checker parse json failed: check_and_get_from_json_dict failed: ";
    CHECK_THROWS_WITH(values.check(args.item(0)),
                      parse + "dtype field in api_info.json is not accepted value: dict_keys(['Int8', 'UInt8', "
                              "'Int16', 'UInt16', 'Int32', 'UInt32', 'Int64', 'UInt64', 'Float16', 'Float32', "
                              "'Float64', 'Bool', 'BFloat16', 'Int4'])");
    CHECK_THROWS_WITH(values.check(args.item(1)), parse + "data_name field in api_info.json is missing");
    CHECK_THROWS_WITH(values.check(args.item(2)),
                      parse + "type field in api_info.json is not accepted value: dict_keys(['mindspore.Tensor', "
                              "'bool', 'int', 'float', 'slice', 'str', 'mindspore.dtype'])");
    CHECK_THROWS_WITH(values.check(args.item(3)), parse + "value field in api_info.json is missing");
    CHECK_THROWS_WITH(values.check(args.item(4)), "[msprobe] Api Accuracy Checker get unsupported type: ");
    values.check(args.item(5));  // UInt16 is a recorded dtype ...
    CHECK_THROWS_WITH(values.argument(args.item(5)), "[msprobe] Api Accuracy Checker get unsupported type: ");
    CHECK((values.recorded(args.item(5)).values == std::vector<double>{1.0}));  // ... torch has none for the bench
    CHECK_THROWS_WITH(values.argument(args.item(6)), Catch::Contains("missing.npy: no such file in"));
}
