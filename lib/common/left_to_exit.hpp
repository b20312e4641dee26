#pragma once
// Objects a command line leaves for the process's exit to reclaim instead of
// destroying them: a model graph is millions of allocations, whose freeing
// costs a tenth of a run that ends right after. The objects stay reachable
// (leak checkers see them), never destroyed, so only code that ends the
// process next should leave them.
#include <memory>
#include <utility>

namespace msprobe {

// Keeps `object` alive, unreachable to the caller, until the process ends.
void leave_to_exit(std::shared_ptr<const void> object);

template <typename T>
void leave_to_exit(T object) {
    leave_to_exit(std::shared_ptr<const void>(std::make_shared<const T>(std::move(object))));
}

// How many objects were left so far.
std::size_t objects_left_to_exit();

}  // namespace msprobe
