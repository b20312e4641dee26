#include "data2db/dump_names.hpp"

#include <fmt/format.h>

#include <iterator>

#include "common/error.hpp"

namespace msprobe::data2db {

DumpNames::Entry& DumpNames::entry(std::string_view key) {
    if (const auto found = entries_.find(key); found != entries_.end()) return found->second;
    Entry entry;
    if (auto typed = typed_dump_key(mapping_.applied(std::string(key)), false)) {
        entry.metric = typed->metric;
        try {
            auto [prefix, call] = dump_target_name(std::move(typed->name));
            entry.prefix = std::move(prefix);
            entry.call = call;
        } catch (const Error&) {
            entry.error = std::current_exception();
        }
    }
    return entries_.emplace(std::string(key), std::move(entry)).first->second;
}

std::uint32_t DumpNames::target(std::string_view name, std::int64_t call, bool& added) {
    key_.assign(name);
    key_ += '\n';
    key_.append(reinterpret_cast<const char*>(&call), sizeof call);
    const auto found = targets_.find(std::string_view(key_));
    added = found == targets_.end();
    if (!added) return found->second;
    const auto number = static_cast<std::uint32_t>(targets_.size());
    targets_.emplace(key_, number);
    return number;
}

std::uint32_t DumpNames::listed_target(Entry& entry, std::size_t place, std::string_view place_name,
                                       std::uint32_t position, bool& added) {
    auto& numbers = entry.by_position.at(place);
    if (position < numbers.size() && numbers[position] != 0) {
        added = false;
        return numbers[position] - 1;
    }
    name_ = entry.prefix;
    name_.append(".").append(place_name).append(".");
    fmt::format_to(std::back_inserter(name_), "{}", position);
    const std::uint32_t number = target(name_, entry.call, added);
    if (position >= numbers.size()) numbers.resize(position + 1, 0);
    numbers[position] = number + 1;
    return number;
}

std::uint32_t DumpNames::named_target(Entry& entry, std::string_view place_name, std::string_view name, bool& added) {
    if (const auto found = entry.by_name.find(name); found != entry.by_name.end()) {
        added = false;
        return found->second;
    }
    name_ = entry.prefix;
    if (!place_name.empty()) name_.append(".").append(place_name);
    name_.append(".").append(name);
    const std::uint32_t number = target(name_, entry.call, added);
    entry.by_name.emplace(std::string(name), number);
    return number;
}

}  // namespace msprobe::data2db
