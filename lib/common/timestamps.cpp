#include "common/timestamps.hpp"

#include <chrono>
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

std::string utc_timestamp() {
    char text[16];
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &utc);
    return text;
}

std::string next_local_timestamp(const std::string& timestamp) {
    std::tm local{};
    if (timestamp.size() != 14 || ::strptime(timestamp.c_str(), "%Y%m%d%H%M%S", &local) == nullptr) {
        return timestamp + "1";
    }
    local.tm_isdst = -1;
    const std::time_t next = std::mktime(&local) + 1;
    localtime_r(&next, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &local);
    return text;
}

std::int64_t epoch_nanoseconds() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace msprobe
