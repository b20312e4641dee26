#pragma once
// multi_run_ut's worker processes: started, awaited,
// and stopped when this process is asked to stop. While an instance lives,
// SIGINT and SIGTERM only mark the run as interrupted; wait_all() then ends the
// workers (SIGTERM, SIGKILL after 1 s) and reports which signal came.
#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

namespace msprobe::run_ut {

class WorkerProcesses {
public:
    WorkerProcesses();   // installs the SIGINT/SIGTERM/SIGCHLD handlers
    ~WorkerProcesses();  // stops workers still running, restores the previous handlers
    WorkerProcesses(const WorkerProcesses&) = delete;
    WorkerProcesses& operator=(const WorkerProcesses&) = delete;

    // argv[0] is the program's path. Throws msprobe::Error when it cannot be started.
    void start(const std::vector<std::string>& argv);

    struct Outcome {
        int failed = 0;          // workers that exited non-zero or died by a signal (not counting those stopped here)
        int interrupted_by = 0;  // SIGINT or SIGTERM when the run was interrupted, else 0
    };
    // Returns when every worker has ended; after an interruption the remaining ones are stopped first.
    // `on_tick`, when given, is called a few times a second while waiting (progress display).
    Outcome wait_all(const std::function<void()>& on_tick = {});

private:
    void stop_running();
    std::vector<pid_t> running_;
};

}  // namespace msprobe::run_ut
