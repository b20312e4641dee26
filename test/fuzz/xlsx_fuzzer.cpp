// xlsx result workbooks as merge_result reads them (zip, shared strings, sheets).
#include "fuzz_file.hpp"
#include "report/xlsx_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("compare_result_rank0_20260101000000.xlsx", data, size);
    fuzz::expect_result_or_error([&] { (void)report::read_xlsx(path.string()); });
    fuzz::expect_result_or_error(
        [&] { report::read_first_xlsx_sheet_rows(path.string(), [](int, std::vector<report::Cell>&) {}); });
    return 0;
}
