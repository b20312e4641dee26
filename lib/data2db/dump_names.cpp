#include "data2db/dump_names.hpp"

#include "common/error.hpp"

namespace msprobe::data2db {

const DumpNames::Entry& DumpNames::entry(std::string_view key) {
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

}  // namespace msprobe::data2db
