#pragma once
// What a thread reading dump.json files learns of their names, kept from one
// file to the next: the files of a run name the same entries and tensors step
// after step and rank after rank, so each entry key is typed once and each
// target numbered once, and a file's rows refer to targets by number.
#include <array>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/text_map.hpp"
#include "data2db/dump_targets.hpp"
#include "data2db/name_mapping.hpp"

namespace msprobe::data2db {

class DumpNames {
public:
    // `mapping` is applied to every entry key; it must outlive this.
    explicit DumpNames(const NameMapping& mapping) : mapping_(mapping) {}

    struct Entry {
        std::optional<DumpMetric> metric;  // nullopt for a key msprobe does not import; Forward also for recompute
        std::string prefix;                // the target name without its call number
        std::int64_t call = 0;
        std::exception_ptr error;  // a call number that does not fit (msprobe fails on it)
        // The targets its tensors make, once numbered: per place, by position (number + 1; 0 until asked), and
        // by name for named tensors.
        std::array<std::vector<std::uint32_t>, 2> by_position;
        TextMap<std::uint32_t> by_name;
    };
    // The entry key (construct.json's renumbered name when micro steps are counted), typed.
    Entry& entry(std::string_view key);

    // The number of the target (name, call), given in the order targets are first asked for; `added` tells
    // whether this call gave it.
    std::uint32_t target(std::string_view name, std::int64_t call, bool& added);

    // The target of an entry's tensor: "<prefix>.<place>.<position>" for the tensors of a list (place 0 or 1 of
    // `places`), "<prefix>.<place>.<name>" or, without a place, "<prefix>.<name>" for named ones. When `added`,
    // made_name() is its name.
    std::uint32_t listed_target(Entry& entry, std::size_t place, std::string_view place_name, std::uint32_t position,
                                bool& added);
    std::uint32_t named_target(Entry& entry, std::string_view place_name, std::string_view name, bool& added);
    const std::string& made_name() const { return name_; }
    std::uint32_t target_count() const { return static_cast<std::uint32_t>(targets_.size()); }

private:
    const NameMapping& mapping_;
    TextMap<Entry> entries_;
    TextMap<std::uint32_t> targets_;  // name '\n' the call's bytes → number
    std::string key_;
    std::string name_;
};

}  // namespace msprobe::data2db
