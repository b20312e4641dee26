// Input paths that are not plain files, and files too big to load: a FIFO,
// /dev/zero behind a soft link, a dump.json whose parse cannot fit in the
// memory the process may use. Each is refused before anything is read: exit
// 2, one line naming the file, nothing written (and no hang).
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>

#include "bad_input_checks.hpp"
#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

struct Workspace {
    fs::path dir;
    explicit Workspace(const std::string& name) : dir(msprobe::testing::scratch_dir("cli_hostile_files_" + name)) {
        write_text(dir / "compare.json", R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");
        write_text(dir / "npu/dump.json", msprobe::testing::kOneApiStatisticsDump);
        write_text(dir / "bench/dump.json", msprobe::testing::kOneApiStatisticsDump);
    }
    void make_fifo(const std::string& name) const {
        fs::remove(dir / name);
        REQUIRE(::mkfifo((dir / name).c_str(), 0600) == 0);
    }
    ProcessResult compare(const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> args{"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_msprobe(args, dir);
    }
    bool wrote_nothing() const { return !fs::exists(dir / "out"); }
};

void require_refusal(const Workspace& ws, const ProcessResult& r, const std::string& file,
                     const std::string& reason) {
    msprobe::testing::require_one_line_error(r, {file, reason});
    CHECK(ws.wrote_nothing());
}

// msprobe under `ulimit -v`: the address space it may take, in KiB.
ProcessResult run_limited(const std::vector<std::string>& args, const fs::path& cwd, long address_space_kib) {
    return run_msprobe(args, cwd, nullptr, "ulimit -v " + std::to_string(address_space_kib) + " && ");
}

}  // namespace

TEST_CASE("hostile files: a FIFO in place of an input does not block", "[cli][hostile]") {
    Workspace ws("fifo");
    ws.make_fifo("npu/dump.json");
    require_refusal(ws, ws.compare(), "npu/dump.json", "not a regular file (it is a FIFO)");
    write_text(ws.dir / "npu/dump.json.good", msprobe::testing::kOneApiStatisticsDump);
    fs::remove(ws.dir / "npu/dump.json");
    fs::rename(ws.dir / "npu/dump.json.good", ws.dir / "npu/dump.json");

    ws.make_fifo("map.yaml");
    require_refusal(ws, ws.compare({"-dm", "map.yaml"}), "map.yaml", "not a regular file (it is a FIFO)");
    ws.make_fifo("npu/stack.json");
    require_refusal(ws, ws.compare({"-s"}), "npu/stack.json", "not a regular file (it is a FIFO)");
}

TEST_CASE("hostile files: FIFOs as compare.json, a tensor and a .pkl", "[cli][hostile]") {
    Workspace ws("fifo_others");
    ws.make_fifo("fifo.json");
    require_refusal(ws, run_msprobe({"-f", "pytorch", "compare", "-i", "fifo.json", "-o", "out"}, ws.dir),
                    "fifo.json", "not a regular file (it is a FIFO)");
    ws.make_fifo("x.pt");
    require_refusal(ws, run_msprobe({"parse", "x.pt"}, ws.dir), "x.pt", "not a regular file (it is a FIFO)");
    ws.make_fifo("dump.pkl");
    require_refusal(ws, run_msprobe({"parse", "dump.pkl", "--api", "Torch_relu_0"}, ws.dir), "dump.pkl",
                    "not a regular file (it is a FIFO)");
}

TEST_CASE("hostile files: -dm naming /dev/zero, directly or through a soft link", "[cli][hostile]") {
    Workspace ws("dev_zero");
    require_refusal(ws, ws.compare({"-dm", "/dev/zero"}), "/dev/zero", "not a regular file (it is a character device)");
    fs::create_symlink("/dev/zero", ws.dir / "zero.yaml");
    require_refusal(ws, ws.compare({"-dm", "zero.yaml"}), "zero.yaml", "is a soft link");
    fs::create_directories(ws.dir / "linked");
    fs::create_symlink(ws.dir / "npu/dump.json", ws.dir / "linked/dump.json");
    write_text(ws.dir / "linked.json", R"({"npu_path": "linked/dump.json", "bench_path": "bench/dump.json"})");
    require_refusal(ws, run_msprobe({"-f", "pytorch", "compare", "-i", "linked.json", "-o", "out"}, ws.dir),
                    "linked/dump.json", "is a soft link");
}

TEST_CASE("hostile files: a dump.json whose parse cannot fit is refused before it is read", "[cli][hostile]") {
    Workspace ws("too_big");
    // Sparse files under a 1 GiB address space. 2 GiB: too large even to be located entry by entry
    // (streamed_pair.hpp), which keeps at most as many bytes as the file.
    const auto big = ws.dir / "npu/dump.json";
    fs::resize_file(big, std::uintmax_t{2} << 30);
    const auto r = run_limited({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"}, ws.dir, 1L << 20);
    require_refusal(ws, r, "npu/dump.json", "is 2048 MiB; reading it needs about 2048 MiB of memory and only");
    CHECK(r.err.find("MiB is available") != std::string::npos);
    // 512 MiB: 1.5 GiB by the estimate of its rows, so the pair is located instead of held, and the NUL
    // bytes after the document are found.
    fs::resize_file(big, std::uintmax_t{512} << 20);
    const auto streamed =
        run_limited({"-f", "pytorch", "compare", "-i", "compare.json", "-o", "out"}, ws.dir, 1L << 20);
    require_refusal(ws, streamed, "npu/dump.json",
                    "malformed JSON at byte 463: The document root must not be followed by other values.");
    // parse keeps the entry names and the selected entries only, a byte per byte: 1.5 GiB for a 1.5 GiB file.
    fs::resize_file(big, std::uintmax_t{1536} << 20);
    const auto parse = run_limited({"parse", big.string(), "--api", "Functional.relu.0.forward"}, ws.dir, 1L << 20);
    require_refusal(ws, parse, "npu/dump.json", "is 1536 MiB; reading it needs about 1536 MiB");
    fs::remove(big);
}
