#pragma once
// The run's processes as MPI's world: built only with MSPROBE_WITH_MPI, and
// started only when an MPI launcher started this process.
#include "common/process_group.hpp"

namespace msprobe {

class MpiProcessGroup final : public ProcessGroup {
public:
    MpiProcessGroup();  // initialises MPI
    ~MpiProcessGroup() override;
    MpiProcessGroup(const MpiProcessGroup&) = delete;
    MpiProcessGroup& operator=(const MpiProcessGroup&) = delete;

    std::size_t index() const override { return index_; }
    std::size_t size() const override { return size_; }
    bool all_succeeded(bool succeeded) override;
    std::vector<std::string> gather_to_first(const std::string& text) override;
    std::string broadcast_from_first(const std::string& text) override;

    // Finalises MPI; for an internal error the other processes did not learn
    // of through all_succeeded, aborts the whole job with exit_code.
    void leave(int exit_code);

private:
    std::size_t index_ = 0;
    std::size_t size_ = 1;
    bool left_ = false;
    bool failure_agreed_ = false;  // all_succeeded said false: every process knows the run failed
};

}  // namespace msprobe
