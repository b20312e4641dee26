#pragma once
// The processes of one run: one for a plain run, N when an MPI launcher
// started N copies of msprobe. The few collectives a spread run needs are
// here; every process must call them in the same order.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"

namespace msprobe {

class ProcessGroup {
public:
    virtual ~ProcessGroup() = default;

    virtual std::size_t index() const = 0;  // 0 .. size() - 1
    virtual std::size_t size() const = 0;
    bool is_first() const { return index() == 0; }

    // True on every process when every process passed true: a failure
    // anywhere fails the run everywhere.
    virtual bool all_succeeded(bool succeeded) = 0;
    // Process 0 receives every process's text, in process order; the others
    // receive nothing.
    virtual std::vector<std::string> gather_to_first(const std::string& text) = 0;
    // Every process receives process 0's text.
    virtual std::string broadcast_from_first(const std::string& text) = 0;
};

// A plain run: one process, collectives that return what they are given.
ProcessGroup& single_process();

// The run's processes: MPI's when msprobe was built with MPI and started by
// an MPI launcher, else single_process(). Throws msprobe::Error when a
// launcher started several processes and MPI was not built in (each would do
// the whole run).
ProcessGroup& run_processes();

// Throws the msprobe::Error run_processes() would throw, without starting MPI:
// for a process that hands its command line to another binary, which starts it.
void check_run_processes();

// For a failure every process finds alike before they talk (a bad command
// line, a refusal): whether this process prints it. Under a launcher, with MPI,
// the processes first agree that the run failed, so that none ends before
// process 0 has printed (a launcher ends the whole job when one process
// fails); process 0 prints. Without MPI they cannot agree: each prints.
bool prints_failure_found_by_every_process();

// Ends the run's processes with the run's exit code: MPI is finalised, or, for
// an internal error the others did not learn of (one of them may wait in a
// collective for ever), the whole job is aborted with that code.
void leave_run_processes(int exit_code);

// Thrown on processes other than the first for an outcome the first process
// reports: the run ends with the same exit code, and the line is printed once.
class ReportedByFirstProcess : public Error {
public:
    explicit ReportedByFirstProcess(const Error& error) : Error(error) {}
};

// Runs `work` on this process and then agrees with the others; returns
// normally only when every process succeeded. Otherwise the first failed
// process's error (in process order) is rethrown on process 0 (an
// msprobe::Error as it was, anything else as an internal error) and as
// ReportedByFirstProcess on the others, so it is printed once and every
// process ends with its exit code. One process: its own failure, as it was.
void run_on_every_process(ProcessGroup& processes, const std::string& output, const std::function<void()>& work);

// What `prepare` returns (reading the run's inputs, the same on every
// process), with a failure reported as run_on_every_process reports it: a bad
// input found by every process is printed once.
template <class Prepare>
auto prepared_on_every_process(ProcessGroup& processes, const std::string& output, Prepare&& prepare) {
    std::optional<decltype(prepare())> result;
    run_on_every_process(processes, output, [&] { result.emplace(prepare()); });
    return std::move(*result);
}

// `local` (this process's own step, e.g. moving its files into place), then
// `collective` even when `local` failed, so that no other process is left
// waiting in it; local's failure is rethrown after.
void local_then_collective(const std::function<void()>& local, const std::function<void()>& collective);

}  // namespace msprobe
