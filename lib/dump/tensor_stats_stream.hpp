#pragma once
// Reads only the statistics of a dump.json's tensors, entry by entry, without
// building any entry: a reader that wants the Max/Min/Mean/Norm of the tensors
// of a few known members (a trend database's importer) says per entry which
// members those are, and gets each tensor's type, dtype and four statistics.
// The file is checked exactly as stream_dump_entries checks it.
//
// Values are read as Python's json gives them: a name an object holds twice
// keeps its first place and its last value.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/input_file.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/dump_row.hpp"

namespace msprobe::dump {

// Which members of an entry hold tensors, and how.
struct TensorStatsPlan {
    enum class Form : std::uint8_t {
        List,   // [tensor, …]: each item, by its place
        Named,  // {"weight": [tensor, …], …}: each name's first item
    };
    struct Member {
        std::string name;
        Form form = Form::List;
    };
    std::vector<Member> members;
    bool entry_named = false;        // the entry itself is {"weight": [tensor, …], …} (its tensors are member 0)
    std::vector<std::string> flags;  // members whose Python truthiness is wanted
};

// One object where a plan's member places a tensor.
struct TensorStats {
    std::uint32_t member = 0;    // index into TensorStatsPlan::members
    std::uint32_t position = 0;  // its place in a List member
    std::string name;            // its name in a Named member
    std::string type;            // "" when absent or not a text
    std::string dtype;
    std::array<StatValue, 4> stats;  // Max, Min, Mean, Norm: Null when absent or not a scalar
};

struct EntryTensorStats {
    bool is_object = false;
    std::span<const TensorStats> tensors;  // in file order, member by member as they come
    std::span<const std::uint8_t> flags;   // per TensorStatsPlan::flags: 1 when the member is truthy
};

// The plan for an entry, from its place and name; nullptr when none of it is wanted.
using TensorStatsPlanner = std::function<const TensorStatsPlan*(std::uint32_t index, std::string_view name)>;
// Called for each planned entry; `entry` is valid during the call only.
using TensorStatsHandler =
    std::function<void(std::uint32_t index, std::string_view name, const EntryTensorStats& entry)>;

// Throws as stream_dump_entries does; an exception of `plan` or `on_entry` stops the handing on. The summary's
// entry_names may stay empty (the handlers are given each name).
DumpStreamSummary stream_dump_tensor_stats(const InputFile& file, DumpTopLevel top_level,
                                           const TensorStatsPlanner& plan, const TensorStatsHandler& on_entry,
                                           DumpStreamReading reading = {});

}  // namespace msprobe::dump
