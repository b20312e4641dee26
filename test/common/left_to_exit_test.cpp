#include "common/left_to_exit.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <memory>

namespace {

// Counts its own destructions.
struct Counted {
    std::shared_ptr<std::atomic<int>> destroyed;
    explicit Counted(std::shared_ptr<std::atomic<int>> counter) : destroyed(std::move(counter)) {}
    Counted(Counted&&) = default;
    ~Counted() {
        if (destroyed) ++*destroyed;
    }
};

}  // namespace

TEST_CASE("an object left to the exit is never destroyed") {
    auto destroyed = std::make_shared<std::atomic<int>>(0);
    const std::size_t before = msprobe::objects_left_to_exit();
    {
        Counted counted(destroyed);
        msprobe::leave_to_exit(std::move(counted));
    }
    CHECK(msprobe::objects_left_to_exit() == before + 1);
    CHECK(*destroyed == 0);  // the moved-from object held no counter
}
