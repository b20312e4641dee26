#include "common/left_to_exit.hpp"

#include <mutex>
#include <vector>

namespace msprobe {

namespace {

struct LeftObjects {
    std::mutex mutex;
    std::vector<std::shared_ptr<const void>> objects;
};

// Made once and never destroyed: its objects outlive every static destructor.
LeftObjects& left_objects() {
    static auto* const left = new LeftObjects;
    return *left;
}

}  // namespace

void leave_to_exit(std::shared_ptr<const void> object) {
    LeftObjects& left = left_objects();
    const std::lock_guard lock(left.mutex);
    left.objects.push_back(std::move(object));
}

std::size_t objects_left_to_exit() {
    LeftObjects& left = left_objects();
    const std::lock_guard lock(left.mutex);
    return left.objects.size();
}

}  // namespace msprobe
