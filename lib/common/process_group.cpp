#include "common/process_group.hpp"

#include <fmt/format.h>

#include <exception>

#include "common/launcher_environment.hpp"
#ifdef MSPROBE_WITH_MPI
#include "common/mpi_process_group.hpp"
#endif

namespace msprobe {

namespace {

class SingleProcess final : public ProcessGroup {
public:
    std::size_t index() const override { return 0; }
    std::size_t size() const override { return 1; }
    bool all_succeeded(bool succeeded) override { return succeeded; }
    std::vector<std::string> gather_to_first(const std::string& text) override { return {text}; }
    std::string broadcast_from_first(const std::string& text) override { return text; }
};

ProcessGroup* chosen_group = nullptr;
#ifdef MSPROBE_WITH_MPI
std::unique_ptr<MpiProcessGroup> mpi_group;
#endif

ProcessGroup& choose_run_processes() {
    const auto launched = launcher_environment();
    if (!launched) return single_process();
#ifdef MSPROBE_WITH_MPI
    mpi_group = std::make_unique<MpiProcessGroup>();
    return *mpi_group;
#else
    if (launched->count == 1) return single_process();
    const std::string how_many = launched->count ? fmt::format("{} processes", *launched->count) : "several processes";
    throw Error("", fmt::format("started by an MPI launcher as {}, but this msprobe was built without MPI, so each "
                                "would do the whole run; run it as one process, or build it with Open MPI "
                                "(MSPROBE_WITH_MPI)",
                                how_many));
#endif
}

}  // namespace

ProcessGroup& single_process() {
    static SingleProcess group;
    return group;
}

ProcessGroup& run_processes() {
    if (chosen_group == nullptr) chosen_group = &choose_run_processes();
    return *chosen_group;
}

void leave_run_processes([[maybe_unused]] int exit_code) {
#ifdef MSPROBE_WITH_MPI
    if (mpi_group) mpi_group->leave(exit_code);
#endif
}

void run_on_every_process(ProcessGroup& processes, const std::string& output, const std::function<void()>& work) {
    std::exception_ptr failure;
    try {
        work();
    } catch (...) {
        failure = std::current_exception();
    }
    const bool everyone = processes.all_succeeded(failure == nullptr);
    if (failure) std::rethrow_exception(failure);
    if (!everyone) {
        throw Error(output, fmt::format("another process of the run failed (its error is printed above); process {} "
                                        "of {} writes no file",
                                        processes.index(), processes.size()));
    }
}

void local_then_collective(const std::function<void()>& local, const std::function<void()>& collective) {
    std::exception_ptr failure;
    try {
        local();
    } catch (...) {
        failure = std::current_exception();
    }
    collective();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace msprobe
