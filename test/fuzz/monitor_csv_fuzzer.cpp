// data2db's monitor CSVs: the pandas-typed reader, and a monitor folder of one such file through the whole import.
#include "common/thread_pool.hpp"
#include "data2db/monitor_csv.hpp"
#include "data2db/monitor_import.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto dir = fuzz::scratch_dir() / "Dec03_21-34-40-rank0-fuzz";
    std::filesystem::create_directories(dir);
    const auto csv = fuzz::input_file("Dec03_21-34-40-rank0-fuzz/actv_0-9.csv", data, size);
    fuzz::expect_result_or_error([&] { (void)data2db::read_monitor_csv(csv); });
    const std::vector<data2db::MonitorRankDir> dirs{{"0", 0, dir}};
    ThreadPool pool(1);
    for (const bool micro : {true, false}) {
        const auto db = fuzz::scratch_dir() / "monitor.db";
        std::filesystem::remove(db);
        fuzz::expect_result_or_error([&] {
            (void)data2db::import_monitor_dirs(dirs, data2db::NameMapping(), {.count_micro_steps = micro}, db,
                                               "monitor.db", pool);
        });
    }
    return 0;
}
