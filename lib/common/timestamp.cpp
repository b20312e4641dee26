#include "common/timestamp.hpp"

#include <ctime>

namespace msprobe {

std::string local_timestamp() {
    char text[16];
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &local);
    return text;
}

}  // namespace msprobe
