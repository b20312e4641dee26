#include "common/process_group.hpp"

#include <fmt/format.h>

#include <filesystem>

#include <exception>
#include <stdexcept>
#include <string>

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

// Whether an MPI launcher started this process; throws when it started several and MPI is not built in.
bool launched_with_mpi() {
    const auto launched = launcher_environment();
    if (!launched) return false;
#ifdef MSPROBE_WITH_MPI
    return true;
#else
    if (launched->count == 1) return false;
    const std::string how_many = launched->count ? fmt::format("{} processes", *launched->count) : "several processes";
    throw Error("", fmt::format("started by an MPI launcher as {}, but this msprobe was built without MPI, so each "
                                "would do the whole run; run it as one process, or build it with Open MPI "
                                "(MSPROBE_WITH_MPI)",
                                how_many));
#endif
}

ProcessGroup& choose_run_processes() {
    if (!launched_with_mpi()) return single_process();
#ifdef MSPROBE_WITH_MPI
    mpi_group = std::make_unique<MpiProcessGroup>();
    return *mpi_group;
#else
    return single_process();  // not reached: launched_with_mpi() is false without MPI
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

bool prints_failure_found_by_every_process() {
    const auto launched = launcher_environment();
    if (!launched || launched->count == std::size_t{1}) return true;
#ifdef MSPROBE_WITH_MPI
    ProcessGroup& processes = run_processes();
    processes.all_succeeded(false);
    return processes.is_first();
#else
    return true;
#endif
}

void check_run_processes() {
    if (chosen_group == nullptr) launched_with_mpi();
}

void leave_run_processes([[maybe_unused]] int exit_code) {
#ifdef MSPROBE_WITH_MPI
    if (mpi_group) mpi_group->leave(exit_code);
#endif
}

namespace {

// A failure as it travels to process 0: exit code, file, reason ('\0' between them).
std::string failure_message(const std::exception_ptr& failure) {
    try {
        std::rethrow_exception(failure);
    } catch (const Error& e) {
        return fmt::format("{}", e.exit_code()) + '\0' + e.file() + '\0' + e.reason();
    } catch (const std::filesystem::filesystem_error& e) {
        // A path the system refused is the user's (as main reports it alone).
        return fmt::format("{}", static_cast<int>(kExitBadInput)) + '\0' + e.path1().string() + '\0' +
               e.code().message();
    } catch (const std::exception& e) {
        return fmt::format("{}", static_cast<int>(kExitInternal)) + '\0' + '\0' + e.what();
    } catch (...) {
        return fmt::format("{}", static_cast<int>(kExitInternal)) + '\0' + '\0' + "an exception of unknown type";
    }
}

// The failure `message` describes: bad input as the msprobe::Error it was,
// anything else as an internal error (exit 3).
Error error_of(const std::string& message) {
    const auto first = message.find('\0');
    const auto second = message.find('\0', first + 1);
    return Error(message.substr(first + 1, second - first - 1), message.substr(second + 1),
                 std::stoi(message.substr(0, first)));
}

}  // namespace

void run_on_every_process(ProcessGroup& processes, const std::string& output, const std::function<void()>& work) {
    std::exception_ptr failure;
    try {
        work();
    } catch (...) {
        failure = std::current_exception();
    }
    if (processes.all_succeeded(failure == nullptr)) return;
    if (processes.size() == 1) std::rethrow_exception(failure);
    // The first failed process's error (in process order) is printed once, by process 0; every
    // process ends with its exit code.
    std::string first_failure;
    for (const auto& message : processes.gather_to_first(failure ? failure_message(failure) : std::string())) {
        if (!message.empty()) {
            first_failure = message;
            break;
        }
    }
    first_failure = processes.broadcast_from_first(first_failure);
    const Error error = first_failure.empty() ? Error(output, "a process of the run failed") : error_of(first_failure);
    if (!processes.is_first()) throw ReportedByFirstProcess(error);
    if (error.exit_code() == kExitInternal) throw std::runtime_error(error.reason());
    throw error;
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
