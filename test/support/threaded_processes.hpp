#pragma once
// The processes of a spread run played by threads of this process: each
// thread is one process of the group (its index, the group's size), and the
// collectives of ProcessGroup meet at a barrier, so code written for MPI's
// processes runs here as it would under mpirun, without a launcher.
#include <barrier>
#include <cstddef>
#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/process_group.hpp"

namespace msprobe::testing {

class ThreadedProcesses {
public:
    explicit ThreadedProcesses(std::size_t size) : barrier_(static_cast<std::ptrdiff_t>(size)), slots_(size) {
        for (std::size_t i = 0; i < size; ++i) members_.push_back(std::make_unique<Member>(*this, i));
    }

    ProcessGroup& process(std::size_t index) { return *members_.at(index); }

    // body(process) on one thread per process; what each body threw (null for none), by process. A body that
    // throws leaves the collectives to the others, so they fail instead of waiting for it for ever.
    template <class Body>
    std::vector<std::exception_ptr> run(Body body) {
        std::vector<std::exception_ptr> failures(members_.size());
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < members_.size(); ++i) {
            threads.emplace_back([this, i, &body, &failures] {
                try {
                    body(process(i));
                } catch (...) {
                    failures[i] = std::current_exception();
                    barrier_.arrive_and_drop();
                }
            });
        }
        for (auto& thread : threads) thread.join();
        return failures;
    }

private:
    class Member final : public ProcessGroup {
    public:
        Member(ThreadedProcesses& group, std::size_t index) : group_(group), index_(index) {}

        std::size_t index() const override { return index_; }
        std::size_t size() const override { return group_.members_.size(); }
        bool all_succeeded(bool succeeded) override {
            for (const auto& text : group_.exchange(index_, succeeded ? "1" : "0")) {
                if (text != "1") return false;
            }
            return true;
        }
        std::vector<std::string> gather_to_first(const std::string& text) override {
            auto all = group_.exchange(index_, text);
            return index_ == 0 ? all : std::vector<std::string>{};
        }
        std::string broadcast_from_first(const std::string& text) override {
            return group_.exchange(index_, text).front();
        }

    private:
        ThreadedProcesses& group_;
        std::size_t index_;
    };

    // Every process puts its text in and takes everyone's, in process order.
    std::vector<std::string> exchange(std::size_t index, const std::string& text) {
        slots_[index] = text;
        barrier_.arrive_and_wait();
        std::vector<std::string> all = slots_;
        barrier_.arrive_and_wait();
        return all;
    }

    std::barrier<> barrier_;
    std::vector<std::string> slots_;
    std::vector<std::unique_ptr<Member>> members_;
};

}  // namespace msprobe::testing
