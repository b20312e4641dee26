// The timestamps of output file names: local time and UTC as YYYYmmddHHMMSS, and
// nanoseconds since the epoch.
#include <catch2/catch.hpp>

#include <chrono>
#include <ctime>
#include <string>

#include "common/timestamps.hpp"

namespace {

std::string local_text(std::time_t t) {
    std::tm local{};
    localtime_r(&t, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &local);
    return text;
}

std::string utc_text(std::time_t t) {
    std::tm utc{};
    gmtime_r(&t, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y%m%d%H%M%S", &utc);
    return text;
}

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

TEST_CASE("local_timestamp is the local time of the call, to the second", "[common][timestamps]") {
    const std::time_t before = std::time(nullptr);
    const std::string stamp = msprobe::local_timestamp();
    const std::time_t after = std::time(nullptr);
    CHECK(stamp.size() == 14);
    // Between the two readings of the clock: one of them, or a second in between.
    bool matches = false;
    for (std::time_t t = before; t <= after; ++t) matches = matches || stamp == local_text(t);
    CHECK(matches);
}

TEST_CASE("utc_timestamp is the UTC time of the call, to the second", "[common][timestamps]") {
    const std::time_t before = std::time(nullptr);
    const std::string stamp = msprobe::utc_timestamp();
    const std::time_t after = std::time(nullptr);
    CHECK(stamp.size() == 14);
    bool matches = false;
    for (std::time_t t = before; t <= after; ++t) matches = matches || stamp == utc_text(t);
    CHECK(matches);
    // The epoch itself reads as 1970-01-01 00:00:00 whatever the time zone.
    CHECK(utc_text(0) == "19700101000000");
}

TEST_CASE("epoch_nanoseconds reads the system clock", "[common][timestamps]") {
    const std::int64_t before = now_ns();
    const std::int64_t ns = msprobe::epoch_nanoseconds();
    const std::int64_t after = now_ns();
    CHECK(before <= ns);
    CHECK(ns <= after);
}

TEST_CASE("next_local_timestamp is one second later, across minutes, days and years", "[common][timestamps]") {
    CHECK(msprobe::next_local_timestamp("20260314092653") == "20260314092654");
    CHECK(msprobe::next_local_timestamp("20260314092659") == "20260314092700");
    CHECK(msprobe::next_local_timestamp("20261231235959") == "20270101000000");
    CHECK(msprobe::next_local_timestamp("20240228235959") == "20240229000000");
    CHECK(msprobe::next_local_timestamp("not-a-stamp") == "not-a-stamp1");
}
