// The run's processes as a plain run sees them (one process, a failure of its
// work is its own), and run_on_every_process's agreement among several
// processes, played by threads whose collectives meet at a barrier.
#include <catch2/catch.hpp>

#include <barrier>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "common/process_group.hpp"
#include "support/child_process.hpp"
#include "support/scoped_variable.hpp"

using msprobe::Error;
using msprobe::ProcessGroup;
using msprobe::ReportedByFirstProcess;

namespace {

// Processes played by threads: each collective writes this process's slot,
// meets the others, reads, and meets them again before a slot is reused.
class ThreadWorld {
public:
    explicit ThreadWorld(std::size_t size) : meeting_(static_cast<std::ptrdiff_t>(size)), slots_(size) {
        for (std::size_t i = 0; i < size; ++i) processes_.push_back(std::make_unique<Process>(*this, i));
    }

    // Runs works[i] on process i, each on its own thread; what each threw (null: nothing).
    std::vector<std::exception_ptr> run(const std::vector<std::function<void(ProcessGroup&)>>& works) {
        std::vector<std::exception_ptr> thrown(works.size());
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < works.size(); ++i) {
            threads.emplace_back([&, i] {
                try {
                    works[i](*processes_[i]);
                } catch (...) {
                    thrown[i] = std::current_exception();
                }
            });
        }
        for (auto& thread : threads) thread.join();
        return thrown;
    }

private:
    class Process final : public ProcessGroup {
    public:
        Process(ThreadWorld& world, std::size_t index) : world_(world), index_(index) {}
        std::size_t index() const override { return index_; }
        std::size_t size() const override { return world_.slots_.size(); }
        bool all_succeeded(bool succeeded) override {
            const auto slots = world_.exchange(index_, succeeded ? "1" : "");
            for (const auto& slot : slots) {
                if (slot.empty()) return false;
            }
            return true;
        }
        std::vector<std::string> gather_to_first(const std::string& text) override {
            auto slots = world_.exchange(index_, text);
            return is_first() ? slots : std::vector<std::string>{};
        }
        std::string broadcast_from_first(const std::string& text) override {
            return world_.exchange(index_, text).front();
        }

    private:
        ThreadWorld& world_;
        std::size_t index_;
    };

    std::vector<std::string> exchange(std::size_t index, const std::string& text) {
        slots_[index] = text;
        meeting_.arrive_and_wait();
        auto seen = slots_;
        meeting_.arrive_and_wait();
        return seen;
    }

    std::barrier<> meeting_;
    std::vector<std::string> slots_;
    std::vector<std::unique_ptr<Process>> processes_;
};

// Each process runs run_on_every_process with its own work.
std::vector<std::exception_ptr> run_everywhere(const std::vector<std::function<void()>>& works) {
    ThreadWorld world(works.size());
    std::vector<std::function<void(ProcessGroup&)>> runs;
    for (const auto& work : works) {
        runs.emplace_back([work](ProcessGroup& processes) { msprobe::run_on_every_process(processes, "out", work); });
    }
    return world.run(runs);
}

void succeed() {}

// The msprobe::Error `thrown` holds, checked to be of exactly the expected kind.
Error error_of(const std::exception_ptr& thrown, bool reported_by_first) {
    REQUIRE(thrown);
    try {
        std::rethrow_exception(thrown);
    } catch (const ReportedByFirstProcess& e) {
        CHECK(reported_by_first);
        return e;
    } catch (const Error& e) {
        CHECK_FALSE(reported_by_first);
        return e;
    }
}

}  // namespace

TEST_CASE("process group: a plain run is one process whose collectives return what they are given") {
    auto& processes = msprobe::run_processes();
    CHECK(&processes == &msprobe::single_process());
    CHECK(processes.index() == 0);
    CHECK(processes.size() == 1);
    CHECK(processes.is_first());
    CHECK(processes.all_succeeded(true));
    CHECK_FALSE(processes.all_succeeded(false));
    CHECK(processes.gather_to_first("rank0") == std::vector<std::string>{"rank0"});
    CHECK(processes.broadcast_from_first("20261126000000") == "20261126000000");
    CHECK(msprobe::prints_failure_found_by_every_process());
    CHECK_NOTHROW(msprobe::check_run_processes());
}

TEST_CASE("process group: run_on_every_process rethrows the work's own failure as it was") {
    auto& one = msprobe::single_process();
    int ran = 0;
    msprobe::run_on_every_process(one, "out", [&] { ++ran; });
    CHECK(ran == 1);
    try {
        msprobe::run_on_every_process(one, "out",
                                      [] { throw msprobe::Error("npu/rank3/dump.json", "malformed JSON"); });
        FAIL("no exception");
    } catch (const msprobe::Error& e) {
        CHECK(std::string(e.what()) == "npu/rank3/dump.json: malformed JSON");
    }
    CHECK_THROWS_AS(msprobe::run_on_every_process(one, "out", [] { throw std::logic_error("defect"); }),
                    std::logic_error);
}

TEST_CASE("process group: prepared_on_every_process hands back what the preparation made") {
    auto prepared = msprobe::prepared_on_every_process(msprobe::single_process(), "out",
                                                       [] { return std::make_unique<std::string>("rank plan"); });
    REQUIRE(prepared);
    CHECK(*prepared == "rank plan");
    CHECK_THROWS_WITH(msprobe::prepared_on_every_process(msprobe::single_process(), "out",
                                                         []() -> int { throw Error("compare.json", "no npu_path"); }),
                      "compare.json: no npu_path");
}

TEST_CASE("process group: local_then_collective runs the collective even when the local step failed") {
    std::vector<std::string> steps;
    msprobe::local_then_collective([&] { steps.push_back("local"); }, [&] { steps.push_back("collective"); });
    CHECK(steps == std::vector<std::string>{"local", "collective"});

    steps.clear();
    CHECK_THROWS_WITH(msprobe::local_then_collective([] { throw Error("out/a.xlsx", "rename failed"); },
                                                     [&] { steps.push_back("collective"); }),
                      "out/a.xlsx: rename failed");
    CHECK(steps == std::vector<std::string>{"collective"});
}

TEST_CASE("process group: when every process succeeds, each returns normally") {
    int ran = 0;
    std::mutex count;
    const auto counted = [&] {
        const std::lock_guard lock(count);
        ++ran;
    };
    for (const auto& thrown : run_everywhere({counted, counted, counted})) CHECK_FALSE(thrown);
    CHECK(ran == 3);
}

TEST_CASE("process group: the first failed process's error is rethrown on process 0 and reported on the others") {
    const auto thrown = run_everywhere({
        succeed,
        [] { throw Error("npu/rank1/dump.json", "malformed JSON", msprobe::kExitBadInput); },
        [] { throw Error("npu/rank2/dump.json", "no data", msprobe::kExitComparisonFailed); },
    });
    for (std::size_t i = 0; i < thrown.size(); ++i) {
        INFO("process " << i);
        const Error error = error_of(thrown[i], i != 0);
        CHECK(error.file() == "npu/rank1/dump.json");
        CHECK(error.reason() == "malformed JSON");
        CHECK(error.exit_code() == msprobe::kExitBadInput);
    }
}

TEST_CASE("process group: a later process's failure keeps its exit code on every process") {
    const auto thrown = run_everywhere({succeed, succeed, [] { throw Error("", "no rank matched", 1); }});
    for (std::size_t i = 0; i < thrown.size(); ++i) {
        const Error error = error_of(thrown[i], i != 0);
        CHECK(error.file().empty());
        CHECK(error.reason() == "no rank matched");
        CHECK(error.exit_code() == msprobe::kExitComparisonFailed);
    }
}

TEST_CASE("process group: an internal failure elsewhere is an internal error on process 0") {
    const auto thrown = run_everywhere({succeed, [] { throw std::logic_error("index out of range"); }});
    REQUIRE(thrown[0]);
    try {
        std::rethrow_exception(thrown[0]);
    } catch (const Error& e) {
        FAIL("process 0 threw msprobe::Error: " << e.what());  // main would report bad input, not a defect
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()) == "index out of range");
    }
    const Error reported = error_of(thrown[1], true);
    CHECK(reported.reason() == "index out of range");
    CHECK(reported.exit_code() == msprobe::kExitInternal);
}

TEST_CASE("process group: a refused path and an exception of no known type travel as what they are") {
    const auto thrown = run_everywhere({
        succeed,
        [] {
            throw std::filesystem::filesystem_error("rename", "out/rank1",
                                                    std::make_error_code(std::errc::permission_denied));
        },
        [] { throw 42; },
    });
    // The first failure in process order wins: process 1's refused path, a bad input.
    for (std::size_t i = 0; i < thrown.size(); ++i) {
        const Error error = error_of(thrown[i], i != 0);
        CHECK(error.file() == "out/rank1");
        CHECK(error.reason() == std::make_error_code(std::errc::permission_denied).message());
        CHECK(error.exit_code() == msprobe::kExitBadInput);
    }
    const auto unknown = run_everywhere({succeed, [] { throw 42; }});
    const Error reported = error_of(unknown[1], true);
    CHECK(reported.reason() == "an exception of unknown type");
    CHECK(reported.exit_code() == msprobe::kExitInternal);
}

TEST_CASE("process group: a launcher's single process is a plain run") {
    msprobe::testing::ScopedVariable size("OMPI_COMM_WORLD_SIZE", "1");
    CHECK(msprobe::prints_failure_found_by_every_process());
}

TEST_CASE("process group: several launched processes without MPI built in are refused before any work") {
    // In a child: run_processes() keeps its first choice for the life of the process.
    const int code = msprobe::testing::exit_code_in_child([] {
        ::setenv("OMPI_COMM_WORLD_SIZE", "3", 1);
        try {
            msprobe::check_run_processes();
        } catch (const Error& e) {
            const std::string expected =
                "started by an MPI launcher as 3 processes, but this msprobe was built "
                "without MPI, so each would do the whole run";
            ::_exit(e.reason().rfind(expected, 0) == 0 ? 20 : 21);
        }
        ::_exit(10);
    });
#ifdef MSPROBE_WITH_MPI
    CHECK(code == 10);  // with MPI each process takes its share: nothing to refuse
#else
    CHECK(code == 20);
#endif
}
