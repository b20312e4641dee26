// How a side's folder is laid out, and which rank folders make its run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "common/error.hpp"
#include "graph/run_layout.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;
using msprobe::testing::touch;

namespace {

// A fresh folder holding the given subfolders (names ending in '/') and files.
fs::path folder_with(const std::string& name, std::initializer_list<std::string> entries) {
    const fs::path dir = msprobe::testing::scratch_dir(name);
    for (const std::string& entry : entries) {
        if (entry.ends_with('/'))
            fs::create_directories(dir / entry);
        else
            touch(dir / entry);
    }
    return dir;
}

std::map<int, std::string> names(const std::map<int, fs::path>& folders) {
    std::map<int, std::string> out;
    for (const auto& [number, path] : folders) out[number] = path.filename().string();
    return out;
}

std::string refusal(const std::function<void()>& run) {
    try {
        run();
    } catch (const msprobe::Error& error) {
        return error.file() + ": " + error.reason();
    }
    return "no error";
}

constexpr RunFolderRules kSkipping{.skip_stray_entries = true, .process_folder_as_rank = true};

}  // namespace

TEST_CASE("run_layout: files, rank folders or step folders", "[graph][layout]") {
    CHECK(classify_layout(folder_with("layout_files", {"dump.json", "construct.json"})) == Layout::Files);
    CHECK(classify_layout(folder_with("layout_tensors", {"dump.json", "dump_tensor_data/", "rank0/"})) ==
          Layout::Files);
    CHECK(classify_layout(folder_with("layout_rank", {"rank/"})) == Layout::Ranks);
    CHECK(classify_layout(folder_with("layout_ranks", {"rank0/", "rank1/", "notes.txt"})) == Layout::Ranks);
    CHECK(classify_layout(folder_with("layout_steps", {"step0/", "step2/"})) == Layout::Steps);
    const fs::path empty = msprobe::testing::scratch_dir("layout_empty");
    CHECK(refusal([&] { classify_layout(empty); }) == empty.string() + ": the folder is empty");
    const fs::path mixed = folder_with("layout_mixed", {"rank0/", "step0/"});
    CHECK(refusal([&] { classify_layout(mixed); }) ==
          mixed.string() + ": expected a rank folder, or folders all named rank<number> or all step<number>");
}

TEST_CASE("run_layout: a first entry named proc… makes ranks only with process_folder_as_rank", "[graph][layout]") {
    const fs::path dir = folder_with("layout_proc", {"proc7/", "zz/"});
    CHECK(classify_layout(dir, kSkipping) == Layout::Ranks);
    CHECK(refusal([&] { classify_layout(dir); }).find("expected a rank folder") != std::string::npos);
}

TEST_CASE("run_layout: rank folders by number, stray entries refused or skipped", "[graph][layout]") {
    const fs::path clean = folder_with("layout_rank_numbers", {"rank10/", "rank0/", "rank2/"});
    CHECK(names(rank_folders(clean)) == std::map<int, std::string>{{0, "rank0"}, {2, "rank2"}, {10, "rank10"}});

    const fs::path stray = folder_with("layout_rank_stray", {"rank1/", "rank01/", "notes.txt"});
    CHECK(refusal([&] { rank_folders(stray); }) ==
          (stray / "notes.txt").string() + ": expected only rank or rank<number> folders beside it");
    CHECK(names(rank_folders(stray, kSkipping)) == std::map<int, std::string>{{1, "rank1"}});
}

TEST_CASE("run_layout: one proc<number> folder stands in for rank 0", "[graph][layout]") {
    const fs::path one = folder_with("layout_one_proc", {"proc3/", "readme.txt"});
    CHECK(names(rank_folders(one, kSkipping)) == std::map<int, std::string>{{0, "proc3"}});
    CHECK(rank_folders(one, {.skip_stray_entries = true, .process_folder_as_rank = false}).empty());
    const fs::path two = folder_with("layout_two_procs", {"proc1/", "proc2/"});
    CHECK(refusal([&] { rank_folders(two, kSkipping); }) ==
          two.string() + ": no rank folder and several proc<number> folders");
    const fs::path none = folder_with("layout_no_proc", {"data/"});
    CHECK(refusal([&] { rank_folders(none, kSkipping); }) ==
          none.string() + ": no rank folder and no proc<number> folder");

    CHECK(is_process_folder("/run/proc12"));
    CHECK_FALSE(is_process_folder("/run/proc"));
    CHECK_FALSE(is_process_folder("/run/proc1a"));
    CHECK_FALSE(is_process_folder("/run/rank0"));
}

TEST_CASE("run_layout: a run's folders by step, then rank", "[graph][layout]") {
    const fs::path files = folder_with("layout_run_files", {"dump.json"});
    CHECK(run_folders(files, Layout::Files) == RunFolders{{0, {{0, files}}}});

    const fs::path steps = folder_with("layout_run_steps", {"step0/rank0/", "step0/rank1/", "step3/rank/"});
    const RunFolders run = run_folders(steps, Layout::Steps);
    REQUIRE(run.size() == 2);
    CHECK(names(run.at(0)) == std::map<int, std::string>{{0, "rank0"}, {1, "rank1"}});
    CHECK(run.at(3).at(0) == steps / "step3" / "rank");
    CHECK(names(step_folders(steps)) == std::map<int, std::string>{{0, "step0"}, {3, "step3"}});
}
