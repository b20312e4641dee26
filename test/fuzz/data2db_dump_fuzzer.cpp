// data2db's dump importer: one dump.json (the input) read into trend rows with and without micro steps (a fixed
// construct.json naming some of its likely entries), then a tree of it written into a trend database.
#include <fstream>

#include "common/thread_pool.hpp"
#include "data2db/dump_file_rows.hpp"
#include "data2db/dump_import.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto rank_dir = fuzz::scratch_dir() / "step0" / "rank0";
    std::filesystem::create_directories(rank_dir);
    const auto dump_json = fuzz::input_file("step0/rank0/dump.json", data, size);
    std::ofstream(rank_dir / "construct.json")
        << R"({"Module.m.M.forward.0": null, "Functional.linear.0.forward": "Module.m.M.forward.0",
              "Module.m.M.forward.1": null, "Functional.linear.1.forward": "Module.m.M.forward.1",
              "Functional.linear.1.backward": "Module.m.M.backward.1"})";
    const data2db::DumpRankFiles files{0, dump_json, rank_dir / "construct.json"};
    for (const bool micro : {true, false}) {
        fuzz::expect_result_or_error([&] { (void)data2db::read_dump_file_rows(files, data2db::NameMapping(), micro); });
    }
    ThreadPool pool(1);
    const auto db = fuzz::scratch_dir() / "dump.db";
    std::filesystem::remove(db);
    fuzz::expect_result_or_error([&] {
        data2db::import_dump_tree(data2db::find_dump_tree(fuzz::scratch_dir()), data2db::NameMapping(), {}, db,
                                  "dump.db", pool);
    });
    return 0;
}
