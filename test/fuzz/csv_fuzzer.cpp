// csv result files: merge_result's reader and the record reader of run_ut's csv.
#include "fuzz_file.hpp"
#include "report/csv_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("compare_result_rank0_20260101000000.csv", data, size);
    fuzz::expect_result_or_error([&] { (void)report::read_csv(path.string()); });
    fuzz::expect_result_or_error([&] { (void)report::read_csv_records(path.string()); });
    fuzz::expect_result_or_error([&] { (void)report::read_csv_text(path); });
    fuzz::expect_result_or_error([&] {
        report::read_csv_rows(path.string(), [](std::vector<std::string>&) {}, [](std::vector<report::Cell>&) {});
    });
    return 0;
}
